package dev.llmh.slo;

import dev.llmh.measure.RequestMetrics;
import dev.llmh.runner.SloDeclaration;
import dev.llmh.stats.Proportion;
import java.util.List;

/**
 * Which measured requests were good under the case's {@code @Slo}: succeeded, and within every
 * target declared. A failed request is counted, as not good; a request that included a model load
 * is left out, as it is of every statistic. A request of one output token has no TPOT (no decode to
 * be slow) and meets a tpot target; one with no text chunk has no TTFT and misses a ttft target.
 *
 * @param slo the targets, or null when none is declared
 * @param good requests within every target
 * @param counted requests judged: measured, less those with a model load
 * @param notMeasured why goodput and attainment have no value (no {@code @Slo}, nothing measured), else null
 */
public record GoodRequests(SloDeclaration slo, int good, int counted, String notMeasured) {

  /** No {@code @Slo}: nothing says what a good request is. */
  public static final String NO_SLO = "no @Slo declared: nothing says what a good request is";
  public static final String NOTHING_MEASURED = "no measured request to judge against the @Slo";

  /**
   * @param all every measured request's metrics, in request order
   * @param succeeded whether each of them succeeded
   */
  public static GoodRequests of(SloDeclaration slo, List<RequestMetrics> all, List<Boolean> succeeded) {
    if (slo == null) {
      return new GoodRequests(null, 0, 0, NO_SLO);
    }
    double ttft = slo.ttftMs();
    double tpot = slo.tpotMs();
    double e2e = slo.e2eMs();
    int good = 0;
    int counted = 0;
    for (int i = 0; i < all.size(); i++) {
      RequestMetrics m = all.get(i);
      if (succeeded.get(i) && m.caveats().modelLoad()) {
        continue;
      }
      counted++;
      if (succeeded.get(i) && within(m.latency().ttftMs(), ttft) && within(m.latency().e2eMs(), e2e)
          && (m.counts().outputTokens() < 2 || within(m.latency().tpotMs(), tpot))) {
        good++;
      }
    }
    return new GoodRequests(slo, good, counted, counted == 0 ? NOTHING_MEASURED : null);
  }

  /** No target, or a value that meets it; an undefined value (NaN) meets none. */
  private static boolean within(double value, double target) {
    return Double.isNaN(target) || value <= target;
  }

  public Proportion proportion() {
    return new Proportion(good, counted);
  }

  /** % of the counted requests that were good; null when not measured. */
  public Double attainmentPercent() {
    return notMeasured != null ? null : 100.0 * good / counted;
  }

  /** Good requests per second of the measured phase; null when not measured or no time elapsed. */
  public Double goodput(double wallMs) {
    return notMeasured != null || !(wallMs > 0) ? null : good / (wallMs / 1000);
  }
}
