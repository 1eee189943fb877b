package dev.llmh.verdict;

import dev.llmh.constraint.ConstraintExpression;
import dev.llmh.constraint.ConstraintParser;
import dev.llmh.constraint.Metric;
import dev.llmh.plan.Looks;
import dev.llmh.stats.MetricSample;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Adaptive against fixed measurement, by simulation of the statistics code alone: TTFT drawn from a
 * lognormal (sigma 0.5) whose true p95 is a given multiple of the budget, judged by {@link Judge}
 * exactly as the engine judges it — adaptive with {@link Looks} from {@value #START} up to
 * {@value #MAX} requests, fixed at {@value #FIXED}. A wrong verdict is FAIL when the true p95 is
 * within the budget, PASS when it is beyond. Run:
 * {@code mvn -o -q -pl framework -am test-compile exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=dev.llmh.verdict.AdaptiveSimulation} or through {@code AdaptiveSimulationTest}.
 */
public final class AdaptiveSimulation {
  static final int START = 40;
  static final int MAX = 640;
  static final int FIXED = 200;
  static final double LEVEL = 0.95;
  static final double SIGMA = 0.5;
  static final double Z95 = 1.6448536269514722;
  static final String CONSTRAINT = "ttft.p95 <= 1000ms";
  /** True p95 / budget. */
  static final double[] RATIOS = {0.5, 0.8, 0.9, 1.0, 1.1, 1.25, 2.0};

  /** One row: a true-versus-budget distance and what each mode did over {@code runs} runs. */
  record Row(
      double ratio, int runs, double adaptiveMeanRequests, int adaptivePass, int adaptiveFail, int adaptiveWrong,
      int fixedPass, int fixedFail, int fixedWrong) {
    double adaptiveWrongRate() {
      return adaptiveWrong / (double) runs;
    }

    double fixedWrongRate() {
      return fixedWrong / (double) runs;
    }
  }

  static List<Row> run(int runs, long seed) {
    ConstraintExpression constraint = ConstraintParser.parse(CONSTRAINT);
    double budget = constraint.budget().canonical();
    Looks looks = Looks.plan(START, MAX, LEVEL);
    List<Row> rows = new ArrayList<>();
    for (double ratio : RATIOS) {
      SplittableRandom random = new SplittableRandom(seed + Double.hashCode(ratio));
      double mu = Math.log(ratio * budget) - SIGMA * Z95; // true p95 = ratio × budget
      long requests = 0;
      int aPass = 0, aFail = 0, aWrong = 0, fPass = 0, fFail = 0, fWrong = 0;
      for (int r = 0; r < runs; r++) {
        double[] draws = new double[MAX];
        for (int i = 0; i < MAX; i++) {
          draws[i] = Math.exp(mu + SIGMA * gaussian(random));
        }
        Verdict adaptive = Verdict.INCONCLUSIVE;
        int used = 0;
        for (int point : looks.points()) {
          used = point;
          adaptive = judge(constraint, draws, point, LEVEL, looks.alphaPerLook());
          if (adaptive != Verdict.INCONCLUSIVE) {
            break;
          }
        }
        requests += used;
        Verdict fixed = judge(constraint, draws, FIXED, LEVEL, 1 - LEVEL);
        boolean within = ratio <= 1;
        aPass += adaptive == Verdict.PASS ? 1 : 0;
        aFail += adaptive == Verdict.FAIL ? 1 : 0;
        aWrong += wrong(adaptive, within) ? 1 : 0;
        fPass += fixed == Verdict.PASS ? 1 : 0;
        fFail += fixed == Verdict.FAIL ? 1 : 0;
        fWrong += wrong(fixed, within) ? 1 : 0;
      }
      rows.add(new Row(ratio, runs, requests / (double) runs, aPass, aFail, aWrong, fPass, fFail, fWrong));
    }
    return rows;
  }

  private static boolean wrong(Verdict verdict, boolean within) {
    return within ? verdict == Verdict.FAIL : verdict == Verdict.PASS;
  }

  private static Verdict judge(ConstraintExpression constraint, double[] draws, int n, double level, double alpha) {
    List<Double> first = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      first.add(draws[i]);
    }
    return Judge.judge(constraint, Map.of(Metric.TTFT, MetricSample.perRequest(first)), level, alpha).verdict();
  }

  static String table(List<Row> rows) {
    StringBuilder out = new StringBuilder();
    out.append("| true p95 / budget | adaptive: mean requests | adaptive PASS / FAIL / INCONCLUSIVE | adaptive wrong |"
        + " fixed " + FIXED + ": PASS / FAIL / INCONCLUSIVE | fixed wrong |\n");
    out.append("|---|---|---|---|---|---|\n");
    for (Row row : rows) {
      out.append(String.format(Locale.ROOT, "| %.2f | %.0f | %d / %d / %d | %.1f%% | %d / %d / %d | %.1f%% |%n",
          row.ratio(), row.adaptiveMeanRequests(), row.adaptivePass(), row.adaptiveFail(),
          row.runs() - row.adaptivePass() - row.adaptiveFail(), 100 * row.adaptiveWrongRate(),
          row.fixedPass(), row.fixedFail(), row.runs() - row.fixedPass() - row.fixedFail(), 100 * row.fixedWrongRate()));
    }
    return out.toString();
  }

  static double gaussian(SplittableRandom random) {
    double u = 1 - random.nextDouble();
    double v = random.nextDouble();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  public static void main(String[] args) {
    int runs = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
    System.out.println(CONSTRAINT + ", lognormal sigma " + SIGMA + ", " + runs + " runs per row, adaptive looks "
        + Looks.plan(START, MAX, LEVEL).points() + " (Bonferroni), level " + LEVEL);
    System.out.print(table(run(runs, 1)));
  }
}
