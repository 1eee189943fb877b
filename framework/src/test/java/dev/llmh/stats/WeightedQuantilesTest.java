package dev.llmh.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;
import org.apache.commons.math3.stat.descriptive.rank.Percentile.EstimationType;
import org.junit.jupiter.api.Test;

/** Quantiles of groups taken some number of times equal commons-math's R-7 on the multiset built out. */
class WeightedQuantilesTest {
  private static final double[] QUANTILES = {0.5, 0.9, 0.95, 0.99};

  @Test
  void equalCommonsMathOnTheMultisetBuiltOut() {
    SplittableRandom random = new SplittableRandom(7);
    for (int trial = 0; trial < 300; trial++) {
      List<double[]> groups = new ArrayList<>();
      int k = 1 + random.nextInt(12);
      for (int g = 0; g < k; g++) {
        double[] values = new double[1 + random.nextInt(6)];
        for (int i = 0; i < values.length; i++) {
          values[i] = Math.round(random.nextDouble() * 20) / 10.0; // few distinct values: ties across groups
        }
        groups.add(values);
      }
      int[] counts = new int[k];
      counts[random.nextInt(k)] = 1; // at least one value
      for (int g = 0; g < k; g++) {
        counts[g] += random.nextInt(3); // some groups not taken at all, some twice
      }
      assertMatchesCommonsMath(groups, counts);
    }
  }

  @Test
  void oneValueIsEveryQuantile() {
    assertMatchesCommonsMath(List.of(new double[] {4.5}, new double[] {1, 2}), new int[] {1, 0});
  }

  private static void assertMatchesCommonsMath(List<double[]> groups, int[] counts) {
    List<Double> built = new ArrayList<>();
    for (int g = 0; g < groups.size(); g++) {
      for (int c = 0; c < counts[g]; c++) {
        for (double v : groups.get(g)) {
          built.add(v);
        }
      }
    }
    Percentile r7 = new Percentile().withEstimationType(EstimationType.R_7);
    r7.setData(built.stream().mapToDouble(Double::doubleValue).toArray());
    double[] out = new double[QUANTILES.length];
    new WeightedQuantiles(groups).evaluate(counts, built.size(), QUANTILES, out);
    for (int q = 0; q < QUANTILES.length; q++) {
      assertThat(out[q]).as("q=%s of %s", QUANTILES[q], built).isEqualTo(r7.evaluate(QUANTILES[q] * 100));
    }
  }
}
