package dev.llmh.verdict;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.plan.Looks;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The adaptive mode's wrong-verdict rate stays within 1 − level, and clear cases stop early. */
class AdaptiveSimulationTest {

  @Test
  void wrongVerdictsStayWithinTheLevelAndClearCasesAreCheap() {
    List<AdaptiveSimulation.Row> rows = AdaptiveSimulation.run(1000, 1);
    System.out.print(AdaptiveSimulation.table(rows));
    assertThat(rows).allSatisfy(row -> {
      assertThat(row.adaptiveWrongRate()).isLessThanOrEqualTo(1 - AdaptiveSimulation.LEVEL);
      // the fixed mode sits at the level at the boundary (exactly 4.4% for n = 200): allow two
      // standard errors of simulation noise there; the adaptive mode must stay within 5% outright
      assertThat(row.fixedWrongRate()).isLessThanOrEqualTo(1 - AdaptiveSimulation.LEVEL + 2 * Math.sqrt(0.05 * 0.95 / row.runs()));
    });
    AdaptiveSimulation.Row clearFail = rows.get(rows.size() - 1); // true p95 twice the budget
    assertThat(clearFail.ratio()).isEqualTo(2.0);
    assertThat(clearFail.adaptiveMeanRequests()).isLessThan(AdaptiveSimulation.FIXED);
    assertThat(clearFail.adaptiveFail()).isEqualTo(clearFail.runs());
  }

  @Test
  void looksDoubleUpToTheMaximumAndShareTheError() {
    Looks looks = Looks.plan(40, 640, 0.95);
    assertThat(looks.points()).containsExactly(40, 80, 160, 320, 640);
    assertThat(looks.alphaPerLook()).isCloseTo(0.01, org.assertj.core.api.Assertions.within(1e-12));
    assertThat(Looks.plan(10, 10, 0.95).points()).containsExactly(10);
    assertThat(Looks.plan(10, 30, 0.95).points()).containsExactly(10, 20, 30);
  }
}
