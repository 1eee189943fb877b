package dev.llmh.assertions;

import dev.llmh.result.CaseResult;
import dev.llmh.result.MetricSummary;
import dev.llmh.result.ResultsFiles;
import dev.llmh.result.RunRecord;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.assertj.core.api.AbstractDoubleAssert;
import org.assertj.core.api.AbstractDurationAssert;
import org.assertj.core.api.Assertions;

/**
 * AssertJ entry point over a results file, for budgets written in code rather than annotations:
 *
 * <pre>{@code
 * LlmhAssertions.assertThat(Path.of("target/llmh/latest.json"))
 *     .hasCase("summarise[concurrency=4]")
 *     .ttft().p95().isLessThan(Duration.ofSeconds(2));
 * }</pre>
 *
 * Judges the recorded point estimates, as written in the file. AssertJ is an optional dependency of
 * the framework: a project that calls this has it on its test path already.
 */
public final class LlmhAssertions {
  private LlmhAssertions() {}

  public static RunAssert assertThat(RunRecord record) {
    return new RunAssert(record, "results");
  }

  /** Reads a results file ({@code target/llmh/latest.json} or a dated one). */
  public static RunAssert assertThat(Path resultsFile) {
    try {
      return new RunAssert(ResultsFiles.read(resultsFile), resultsFile.toString());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read LLMH results " + resultsFile, e);
    }
  }

  /** A run's record: pick the case to look at. */
  public static final class RunAssert {
    private final RunRecord record;
    private final String source;

    RunAssert(RunRecord record, String source) {
      this.record = record;
      this.source = source;
    }

    /**
     * The case with this case id ({@code summarise[concurrency=4]}) or, when only one case has it, this
     * case name ({@code summarise}).
     */
    public CaseAssert hasCase(String caseIdOrName) {
      List<CaseResult> byId = record.results().stream().filter(r -> caseIdOrName.equals(r.caseId())).toList();
      List<CaseResult> found = byId.isEmpty()
          ? record.results().stream().filter(r -> caseIdOrName.equals(r.caseName())).toList()
          : byId;
      if (found.size() != 1) {
        throw new AssertionError((found.isEmpty() ? "no case '" : "several cases named '") + caseIdOrName + "' in "
            + source + "; cases: " + record.results().stream().map(CaseResult::caseId).collect(Collectors.joining(", ")));
      }
      return new CaseAssert(found.get(0));
    }

    /** The run's only case. */
    public CaseAssert singleCase() {
      if (record.results().size() != 1) {
        throw new AssertionError("expected one case in " + source + " but found " + record.results().size() + ": "
            + record.results().stream().map(CaseResult::caseId).collect(Collectors.joining(", ")));
      }
      return new CaseAssert(record.results().get(0));
    }
  }

  /** One case: pick a metric. */
  public static final class CaseAssert {
    private final CaseResult result;

    CaseAssert(CaseResult result) {
      this.result = result;
    }

    public CaseResult actual() {
      return result;
    }

    public MetricAssert ttft() {
      return metric("ttft", CaseResult.TTFT);
    }

    public MetricAssert tpot() {
      return metric("tpot", CaseResult.TPOT);
    }

    public MetricAssert itl() {
      return metric("itl", CaseResult.ITL);
    }

    public MetricAssert e2e() {
      return metric("e2e", CaseResult.E2E);
    }

    public MetricAssert ttfo() {
      return metric("ttfo", CaseResult.TTFO);
    }

    /** Failed / measured requests in %. */
    public AbstractDoubleAssert<?> errorRate() {
      int measured = result.requests().measured();
      double rate = measured == 0 ? Double.NaN : 100.0 * result.requests().failed() / measured;
      return Assertions.assertThat(rate).as("%s error_rate = %s %% (%d of %d failed)", name(),
          String.format(Locale.ROOT, "%.1f", rate), result.requests().failed(), measured);
    }

    private MetricAssert metric(String key, String recordKey) {
      MetricSummary summary = result.metrics() == null ? null : result.metrics().get(recordKey);
      return new MetricAssert(name() + ": " + key, summary);
    }

    private String name() {
      return "case " + result.scenario() + " › " + result.caseId();
    }
  }

  /** A timing metric of one case: pick a statistic, then assert on it as a {@link Duration}. */
  public static final class MetricAssert {
    /** "case Scenario › caseId: ttft", what every message is about. */
    private final String subject;
    private final MetricSummary summary;

    MetricAssert(String subject, MetricSummary summary) {
      this.subject = subject;
      this.summary = summary;
    }

    public AbstractDurationAssert<?> p50() {
      return stat("p50", MetricSummary::p50);
    }

    public AbstractDurationAssert<?> p90() {
      return stat("p90", MetricSummary::p90);
    }

    public AbstractDurationAssert<?> p95() {
      return stat("p95", MetricSummary::p95);
    }

    public AbstractDurationAssert<?> p99() {
      return stat("p99", MetricSummary::p99);
    }

    public AbstractDurationAssert<?> mean() {
      return stat("mean", MetricSummary::mean);
    }

    public AbstractDurationAssert<?> min() {
      return stat("min", MetricSummary::min);
    }

    public AbstractDurationAssert<?> max() {
      return stat("max", MetricSummary::max);
    }

    private AbstractDurationAssert<?> stat(String stat, Function<MetricSummary, Double> value) {
      Double ms = summary == null ? null : value.apply(summary);
      if (ms == null) {
        // No value is not a fast value: say so instead of comparing null.
        throw new AssertionError(subject + "." + stat + " has no value (n = "
            + (summary == null ? 0 : summary.n()) + ": no successful request measured it)");
      }
      Duration observed = Duration.ofNanos(Math.round(ms * 1_000_000));
      return Assertions.assertThat(observed)
          .as("%s.%s = %s ms", subject, stat, String.format(Locale.ROOT, "%.1f", ms));
    }
  }
}
