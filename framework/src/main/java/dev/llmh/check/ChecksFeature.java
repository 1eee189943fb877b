package dev.llmh.check;

import dev.llmh.analysis.MeasuredCase;
import dev.llmh.constraint.ConstraintExpression;
import dev.llmh.constraint.Metric;
import dev.llmh.feature.CaseFeature;
import dev.llmh.measure.RequestSample;
import dev.llmh.plan.CasePlan;
import dev.llmh.result.CaseResult;
import dev.llmh.result.ChecksRecord;
import dev.llmh.result.Section;
import dev.llmh.stats.Interval;
import dev.llmh.verdict.ConstraintResult;
import dev.llmh.verdict.Findings;
import dev.llmh.verdict.ProportionJudge;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The checks on every answer ({@code @Check}, {@code @ExpectJson}, {@code @ExpectRegex},
 * {@code @ExpectToolCall}) and the case's {@code success_rate}; the record's {@code checks}.
 */
public final class ChecksFeature implements CaseFeature.Stateless {
  @Override
  public Part<Found> part(CasePlan plan) {
    return new ChecksPart(AnswerChecks.of(plan.runner(), plan.params()), plan.verdicts().confidence());
  }

  /** What the checks found of a case's answers. */
  public record Found(CheckedRequests checked) implements Findings {
    /** @param names the checks declared on the case, empty when none */
    public static Found of(List<String> names, MeasuredCase measured) {
      return new Found(CheckedRequests.of(names, measured.measured()));
    }

    @Override
    public Map<Metric, Double> figures() {
      Map<Metric, Double> figures = new EnumMap<>(Metric.class);
      figures.put(Metric.SUCCESS_RATE, checked.successPercent());
      return figures;
    }

    @Override
    public boolean judges(Metric metric) {
      return metric == Metric.SUCCESS_RATE;
    }

    @Override
    public ConstraintResult judge(ConstraintExpression constraint, double alpha) {
      return ProportionJudge.judge(constraint, checked.proportion(), 100, checked.notMeasured(), alpha,
          "requests passed every check");
    }
  }

  private record ChecksPart(AnswerChecks checks, double confidence) implements Part<Found> {
    /** The reader thread never runs user code: the checks run here, on the worker. */
    @Override
    public RequestSample observe(dev.llmh.client.ChatRequest request, RequestSample sample) {
      return checks.isEmpty() || !sample.succeeded() ? sample
          : sample.withChecks(checks.run(dev.llmh.load.PromptMarker.unmarked(request.messages().prompt()),
              sample.text().answer(), sample.text().toolCalls()));
    }

    @Override
    public Found findings(MeasuredCase measured) {
      return Found.of(checks.names(), measured);
    }

    /** The success rate with its two-sided interval at the run's confidence; nothing when no check is declared. */
    @Override
    public void record(Found found, CaseResult.Builder record) {
      CheckedRequests checked = found.checked();
      if (checked.names().isEmpty()) {
        return;
      }
      Double rate = checked.successPercent();
      Interval p = checked.proportion().bounds((1 - confidence) / 2);
      record.section(Section.CHECKS, new ChecksRecord(checked.names(), checked.counted(), checked.passed(), checked.failedBy(),
          rate, rate == null ? null : List.of(p.lower() * 100, p.upper() * 100), checked.notMeasured()));
    }
  }
}
