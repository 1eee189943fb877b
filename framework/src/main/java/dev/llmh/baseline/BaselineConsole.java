package dev.llmh.baseline;

import dev.llmh.result.BaselineRecord;
import dev.llmh.result.BaselineRecord.MetricComparison;
import dev.llmh.result.CaseResult;
import dev.llmh.result.Section;
import java.io.IOException;
import java.util.Locale;
import java.util.Map;
import org.junit.platform.engine.TestExecutionResult;

/** The console lines of a case's baseline comparison, one per metric, printed under the case block. */
public final class BaselineConsole {
  private BaselineConsole() {}

  public static String lines(CaseResult result) {
    BaselineRecord b = result.section(Section.BASELINE);
    if (b == null) {
      return "";
    }
    if (!b.compared()) {
      return "  baseline: not compared — " + b.reason() + "\n";
    }
    StringBuilder out = new StringBuilder();
    for (Map.Entry<String, MetricComparison> e : b.metrics().entrySet()) {
      MetricComparison m = e.getValue();
      Double lo = m.intervalPercent()[0];
      Double hi = m.intervalPercent()[1];
      out.append(String.format(Locale.ROOT, "  baseline %-5s p50 %s → %s ms  %s [%s, %s]  p=%s  %s%n",
          e.getKey().replace("_ms", ""), ms(m.baselineP50()), ms(m.p50()),
          m.changePercent() == null ? "?" : RegressionJudge.percent(m.changePercent(), true),
          lo == null ? "?" : RegressionJudge.percent(lo, true), hi == null ? "?" : RegressionJudge.percent(hi, true),
          m.pValue() == null ? "?" : String.format(Locale.ROOT, "%.2g", m.pValue()),
          m.regression() ? "REGRESSION" : "no regression (noise band " + RegressionJudge.percent(b.noiseBandPercent(), false) + ")"));
    }
    return out.toString();
  }

  /** Writes the run's baseline when one was asked for; a failure to write fails the run's root. */
  public static TestExecutionResult save(Baselines baselines) {
    try {
      baselines.save().ifPresent(path -> System.out.println("LLMH baseline saved: " + path.toAbsolutePath()));
      return TestExecutionResult.successful();
    } catch (IOException e) {
      return TestExecutionResult.failed(new IOException("LLMH could not write its baseline: " + e, e));
    }
  }

  private static String ms(Double value) {
    return value == null ? "?" : String.format(Locale.ROOT, "%.1f", value);
  }
}
