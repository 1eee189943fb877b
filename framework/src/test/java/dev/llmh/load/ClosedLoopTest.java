package dev.llmh.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.measure.RequestSample;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ClosedLoopTest {

  @Test
  void keepsExactlyConcurrencyRequestsInFlightAndRecordsEveryOne() throws Exception {
    AtomicInteger inFlight = new AtomicInteger();
    AtomicInteger peak = new AtomicInteger();
    List<RequestSample> samples =
        ClosedLoop.run(20, 4, i -> {
          peak.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
          try {
            Thread.sleep(20);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          inFlight.decrementAndGet();
          return RequestSample.builder(i, List.of(), i).error(i == 7 ? "boom" : null).build();
        });
    assertThat(peak.get()).isEqualTo(4);
    assertThat(samples).hasSize(20).doesNotContainNull();
    assertThat(samples.get(7).error()).isEqualTo("boom");
    assertThat(samples).extracting((RequestSample x) -> x.timing().startNanos()).containsExactly(
        0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L, 11L, 12L, 13L, 14L, 15L, 16L, 17L, 18L, 19L);
  }

  @Test
  void aThrowingSenderBecomesAFailedSampleNotALostOne() throws Exception {
    List<RequestSample> samples = ClosedLoop.run(3, 2, i -> {
      if (i == 1) {
        throw new IllegalStateException("broken");
      }
      return RequestSample.builder(0, List.of(), 0).build();
    });
    assertThat(samples).hasSize(3);
    assertThat(samples.get(1).error()).contains("harness error").contains("broken");
  }

  @Test
  void noRequestsIsAnEmptyPhase() throws Exception {
    assertThat(ClosedLoop.run(0, 4, i -> { throw new AssertionError(); })).isEmpty();
  }

  @Test
  void noRequestStartsAfterTheDeadlineAndEverySentOneIsKept() throws Exception {
    long deadline = System.nanoTime() + 200_000_000L;
    List<RequestSample> samples = ClosedLoop.run(1000, 2, i -> {
      try {
        Thread.sleep(30);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return RequestSample.builder(i, List.of(), i).build();
    }, deadline);
    // About 7 per worker fit in 200 ms; however slow the machine, far fewer than 1000, none lost.
    assertThat(samples).isNotEmpty().hasSizeLessThan(1000).doesNotContainNull();
    assertThat(samples).extracting((RequestSample x) -> x.timing().startNanos())
        .containsExactlyElementsOf(java.util.stream.LongStream.range(0, samples.size()).boxed().toList());
  }
}
