package dev.llmh.endpoint;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.client.Timeouts;
import dev.llmh.config.Api;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class RequestPathWarmUpTest {
  private static final Timeouts TIMEOUTS =
      new Timeouts(Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(10));

  @ParameterizedTest
  @EnumSource(Api.class)
  void everyProtocolsRequestsAreAnsweredInFull(Api api) {
    RequestPathWarmUp.Done done = RequestPathWarmUp.run(api, TIMEOUTS, 3);

    assertThat(done.sent()).isEqualTo(3);
    assertThat(done.answered()).isEqualTo(3);
  }

  @Test
  void itGoesOnInRoundsWhileTheCompilerIsBusyAndNeverPastItsLimit() {
    int limit = RequestPathWarmUp.ROUND + 200;

    RequestPathWarmUp.Done done = RequestPathWarmUp.run(Api.OPENAI_CHAT, TIMEOUTS, limit);

    // One round, then a second (cut at the limit) only if the first kept the JIT busy.
    assertThat(done.sent()).isIn(RequestPathWarmUp.ROUND, limit);
    assertThat(done.answered()).isEqualTo(done.sent());
  }

  @Test
  void zeroSendsNothing() {
    assertThat(RequestPathWarmUp.run(Api.OPENAI_CHAT, TIMEOUTS, 0)).isEqualTo(new RequestPathWarmUp.Done(0, 0, 0));
  }
}
