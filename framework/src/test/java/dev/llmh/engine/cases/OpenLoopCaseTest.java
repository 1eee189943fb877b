package dev.llmh.engine.cases;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.annotations.Arrivals;
import dev.llmh.config.Rate;
import dev.llmh.load.ClosedLoop;
import dev.llmh.measure.RequestSample;
import dev.llmh.plan.ArrivalSchedule;
import dev.llmh.plan.OpenLoad;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The client-lag warning: a client that stamps its send 10 ms after the request was due is the
 * harness limiting the rate, and is warned about. The 10 ms is slept before the stamp, so however
 * busy the machine the lag is at least that. (That a prompt client is not warned about is timing,
 * left to the ground truth and the dispatch benchmark rather than asserted on a shared machine.)
 */
class OpenLoopCaseTest {
  private static final OpenLoad LOAD = new OpenLoad(Rate.parse("50/s"), Arrivals.CONSTANT, 1, null, 0, 42);
  private static final ArrivalSchedule SCHEDULE = ArrivalSchedule.of(Arrivals.CONSTANT, 50, 1, 42, 10);

  @Test
  void aClientThatSendsLateIsWarnedAboutAndItsSamplesCarryTheirSchedule() throws InterruptedException {
    OpenLoopCase.Measured measured = OpenLoopCase.run(LOAD, SCHEDULE, i -> {
      sleep(10);
      return List.of(sample());
    }, ClosedLoop.NO_DEADLINE);
    assertThat(measured.planned()).isEqualTo(10);
    assertThat(measured.units()).hasSize(10).allSatisfy(unit -> {
      RequestSample s = unit.get(0);
      assertThat(s.timing().scheduledNanos()).isNotNull();
      assertThat(s.timing().startNanos() - s.timing().scheduledNanos()).isGreaterThanOrEqualTo(10_000_000L);
    });
    assertThat(measured.warnings()).singleElement().asString()
        .startsWith("client lag p99 ").contains("the harness, not the server, limited the rate 50/s");
  }

  private static RequestSample sample() {
    long start = System.nanoTime();
    return RequestSample.builder(start, List.of(start + 1000), start + 2000).promptTokens(10).usageOutputTokens(1)
        .finishReason("stop").servedModel("m").build();
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
