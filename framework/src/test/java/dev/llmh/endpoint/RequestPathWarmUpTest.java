package dev.llmh.endpoint;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.client.Timeouts;
import dev.llmh.config.Api;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class RequestPathWarmUpTest {
  private static final Timeouts TIMEOUTS =
      new Timeouts(Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(10));

  /** For an HTTPS endpoint as many again go over TLS, HTTP/2 offered first, to the loopback server: each answered in full. */
  @ParameterizedTest
  @EnumSource(Api.class)
  void everyProtocolsRequestsAreAnsweredInFullOverPlainHttpAndOverTls(Api api) {
    RequestPathWarmUp.Done plain = RequestPathWarmUp.run(api, TIMEOUTS, 3, false);
    RequestPathWarmUp.Done https = RequestPathWarmUp.run(api, TIMEOUTS, 3, true);

    assertThat(List.of(plain.sent(), plain.answered(), plain.tlsSent())).containsExactly(3, 3, 0);
    assertThat(List.of(https.sent(), https.answered(), https.tlsSent())).containsExactly(6, 6, 3);
  }

  @Test
  void itGoesOnInRoundsWhileTheCompilerIsBusyAndNeverPastItsLimit() {
    int limit = RequestPathWarmUp.ROUND + 200;

    RequestPathWarmUp.Done done = RequestPathWarmUp.run(Api.OPENAI_CHAT, TIMEOUTS, limit, false);

    // One round, then a second (cut at the limit) only if the first kept the JIT busy.
    assertThat(done.sent()).isIn(RequestPathWarmUp.ROUND, limit);
    assertThat(done.answered()).isEqualTo(done.sent());
  }

  @Test
  void zeroSendsNothing() {
    assertThat(RequestPathWarmUp.run(Api.OPENAI_CHAT, TIMEOUTS, 0, true)).isEqualTo(new RequestPathWarmUp.Done(0, 0, 0, 0));
  }
}
