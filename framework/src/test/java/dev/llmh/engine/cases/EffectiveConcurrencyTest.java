package dev.llmh.engine.cases;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class EffectiveConcurrencyTest {

  @Test
  void fewerRequestsThanWorkersNeverReachTheConcurrency() {
    assertThat(CaseExecutor.effectiveConcurrency(4, List.of(2), 0)).isEqualTo(2);
    assertThat(CaseExecutor.effectiveConcurrency(4, List.of(8), 0)).isEqualTo(4);
  }

  /** Each adaptive look starts its own workers: a short look after a full one does not lower it, a full one raises it. */
  @Test
  void theLooksMeasuredSoFarDecide() {
    assertThat(CaseExecutor.effectiveConcurrency(4, List.of(10, 12), 1)).isEqualTo(4);
    assertThat(CaseExecutor.effectiveConcurrency(4, List.of(2, 20), 0)).isEqualTo(2);
    assertThat(CaseExecutor.effectiveConcurrency(4, List.of(2, 20), 1)).isEqualTo(4);
  }
}
