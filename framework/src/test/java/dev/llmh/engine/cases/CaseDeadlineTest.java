package dev.llmh.engine.cases;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class CaseDeadlineTest {
  @Test
  void theHarnessPauseMovesTheDeadlineOnByWhatItTook() {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
    long[] paused = new long[2];
    long moved = CaseDeadline.after(deadline, () -> {
      paused[0] = System.nanoTime();
      try {
        Thread.sleep(30);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      paused[1] = System.nanoTime();
    });
    // At least the pause as the pause itself saw it: none of it is taken from the case.
    assertThat(moved - deadline).isGreaterThanOrEqualTo(paused[1] - paused[0])
        .isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(30));
    assertThat(CaseDeadline.passed(System.nanoTime() - 1)).isTrue();
  }
}
