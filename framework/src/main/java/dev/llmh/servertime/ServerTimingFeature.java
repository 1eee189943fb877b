package dev.llmh.servertime;

import dev.llmh.analysis.MeasuredCase;
import dev.llmh.constraint.ConstraintExpression;
import dev.llmh.constraint.Metric;
import dev.llmh.feature.CaseFeature;
import dev.llmh.plan.CasePlan;
import dev.llmh.result.CaseResult;

/**
 * The server's own timing of each request ({@code server_ttft}, {@code client_overhead},
 * {@code cached_prompt_tokens}), read from what every sample keeps of it; the record's
 * {@code server_timing}. It sends and starts nothing: its hooks are the findings and the record.
 */
public final class ServerTimingFeature implements CaseFeature.Stateless {
  @Override
  public Part<ServerTimings> part(CasePlan plan) {
    boolean budgeted = plan.verdicts().constraints().stream().map(ConstraintExpression::metric)
        .anyMatch(ServerTimings.METRICS::contains);
    return new ServerTimingPart(plan.verdicts().confidence(), budgeted);
  }

  /** @param budgeted whether a budget names one of its figures: then the record says why one is not measured */
  private record ServerTimingPart(double confidence, boolean budgeted) implements Part<ServerTimings> {
    /**
     * Written when a server timed a request or counted its cached prompt tokens, or a budget asks; a
     * case of a server that never says is as before.
     */
    @Override
    public void record(ServerTimings found, CaseResult.Builder record) {
      if (found.timed() > 0 || found.samples().containsKey(Metric.CACHED_PROMPT_TOKENS) || budgeted) {
        record.section(ServerTimingRecord.SECTION, ServerTimingRecord.of(found));
      }
    }

    @Override
    public ServerTimings findings(MeasuredCase measured) {
      return ServerTimings.of(measured, confidence);
    }
  }
}
