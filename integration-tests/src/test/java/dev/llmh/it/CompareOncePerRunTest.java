package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import dev.llmh.it.fixtures.CompareScenarios;
import dev.llmh.result.CaseResult;
import dev.llmh.result.CompareRecord;
import dev.llmh.result.Section;
import dev.llmh.sim.SimulatedServer;
import dev.llmh.sim.SimulatorHook;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cases of one scenario that differ only in load ask the same comparison: it is measured once per
 * run, and the next case reuses its figures without a request. The simulator gives no
 * log-probabilities, so its hook answers {@code /v1/completions} with two positions of them, and
 * counts the requests; chat requests (the measured ones) pass on to the simulator.
 */
class CompareOncePerRunTest {

  @Test
  void theSecondConcurrencyLevelReusesTheFirstsComparison(@TempDir Path results) {
    CompletionsWithLogprobs hook = new CompletionsWithLogprobs();
    try (SimulatedServer server = SimulatedServer.start(FailureTaxonomyTest.fast().withHook(hook))) {
      EngineRun run = EngineRun.of(server.baseUrl(), results, CompareScenarios.EachConcurrency.class);
      List<CaseResult> cases = run.record().results();

      assertThat(cases).hasSize(2);
      CompareRecord first = cases.get(0).section(Section.COMPARE);
      assertThat(first.notMeasured()).isNull();
      assertThat(first.positions()).isEqualTo(2);
      assertThat(first.top1Agreement()).isEqualTo(100.0);
      assertThat(first.teacherForced()).isZero();
      assertThat(cases.get(1).section(Section.COMPARE)).isEqualTo(first);
      // the reference and the candidate, once each: the second case sent none
      assertThat(hook.completions.get()).isEqualTo(2);
      assertThat(cases).allSatisfy(c -> assertThat(c.samples()).hasSize(4).allSatisfy(s -> assertThat(s.error()).isNull()));
    }
  }

  /** Answers legacy completions with the same two greedy tokens and their top 2, whatever the model. */
  private static final class CompletionsWithLogprobs implements SimulatorHook {
    final AtomicInteger completions = new AtomicInteger();

    @Override
    public boolean interceptRequest(long requestNumber, HttpExchange exchange) throws IOException {
      if (!exchange.getRequestURI().getPath().endsWith("/v1/completions")) {
        return false;
      }
      completions.incrementAndGet();
      String events = event(" a", -0.1, " b", -2.5) + event(" c", -0.3, " d", -1.5) + "data: [DONE]\n\n";
      byte[] body = events.getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
      exchange.sendResponseHeaders(200, body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
      return true;
    }

    private static String event(String token, double logprob, String runnerUp, double runnerUpLogprob) {
      return "data: {\"choices\":[{\"index\":0,\"text\":\"" + token + "\",\"logprobs\":{\"tokens\":[\"" + token
          + "\"],\"token_logprobs\":[" + logprob + "],\"top_logprobs\":[{\"" + token + "\":" + logprob + ",\""
          + runnerUp + "\":" + runnerUpLogprob + "}]}}]}\n\n";
    }
  }
}
