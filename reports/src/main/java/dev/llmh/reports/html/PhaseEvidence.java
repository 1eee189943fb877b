package dev.llmh.reports.html;

import dev.llmh.analysis.ConversationResult.ContextFit;
import dev.llmh.plan.CasePlan;
import dev.llmh.result.CaseResult;
import dev.llmh.result.FitRecord;
import dev.llmh.result.MetricSummary;
import dev.llmh.result.ModelConcurrency;
import dev.llmh.result.SampleRecord;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * "Which phase binds" for one case: the share of E2E spent before the first token, and which of the
 * four signatures below the record's figures match. Each match is evidence worded as such: the
 * record cannot prove a cause, only show which pattern the numbers follow.
 *
 * @param ttftShare the median over succeeded requests of TTFT / E2E, or null when not measured
 * @param phase {@code before the first token} or {@code decode}, whichever took most of E2E; null when not measured
 * @param matches the signatures the figures match, each with its evidence; empty when none does
 * @param notMeasured why nothing could be said, else null
 */
public record PhaseEvidence(Double ttftShare, String phase, List<Match> matches, String notMeasured) {

  /** Above this share of E2E before the first token, the first token is what the user waits for. */
  static final double TTFT_BOUND_SHARE = 0.5;
  /** TPOT steadier than this coefficient of variation counts as flat. */
  static final double FLAT_TPOT_CV = 0.2;
  /** The record's {@code promptCache} when every prompt began with a unique marker (the default). */
  static final String UNIQUE_PREFIX = dev.llmh.load.PromptMarker.MODE;

  public PhaseEvidence {
    matches = List.copyOf(matches);
  }

  /** The figures' patterns and what each points to. */
  public enum Signature {
    PREFILL, CACHE_OR_QUEUEING, KV_CACHE, BANDWIDTH;

    /** The pattern in the figures. */
    public String pattern() {
      return switch (this) {
        case PREFILL -> "TTFT grows with prompt length";
        case CACHE_OR_QUEUEING -> "TTFT high at a fixed prompt";
        case KV_CACHE -> "TPOT drifts up over a conversation";
        case BANDWIDTH -> "TPOT flat";
      };
    }

    /** What the pattern points to. */
    public String pointsTo() {
      return switch (this) {
        case PREFILL -> "prefill";
        case CACHE_OR_QUEUEING -> "a prompt cache invalidated, or queueing";
        case KV_CACHE -> "the KV cache growing";
        case BANDWIDTH -> "memory bandwidth in decode";
      };
    }
  }

  /** One signature matched, and the figures that match it. */
  public record Match(Signature signature, String evidence) {}

  /** The case's evidence, with the run's prefill fits to find the one its requests belong to. */
  public static PhaseEvidence of(CaseResult result, List<FitRecord> fits) {
    String error = result.section(dev.llmh.result.Section.ERROR);
    if (error != null) {
      return notMeasured("the case did not run: " + error);
    }
    List<double[]> pairs = new ArrayList<>();
    for (SampleRecord s : result.samples() == null ? List.<SampleRecord>of() : result.samples()) {
      if (s.error() == null && s.times().ttftMs() != null && s.times().e2eMs() != null && s.times().e2eMs() > 0) {
        pairs.add(new double[] {s.times().ttftMs(), s.times().e2eMs()});
      }
    }
    Double share = pairs.isEmpty() ? null : median(pairs.stream().mapToDouble(p -> p[0] / p[1]).toArray());
    MetricSummary tpot = result.metrics() == null ? null : result.metrics().get(CaseResult.TPOT);
    Double tpotCv = tpot == null || tpot.mean() == null || tpot.stddev() == null || tpot.mean() <= 0 || tpot.n() < 2
        ? null : tpot.stddev() / tpot.mean();
    return of(share, fitFor(result, fits), result.section(dev.llmh.result.Section.CONTEXT_FIT), tpotCv, result.section(dev.llmh.result.Section.PROMPT_CACHE));
  }

  /** Without knowing where the requests' cache-proof marker went. */
  public static PhaseEvidence of(Double ttftShare, FitRecord prefillFit, ContextFit drift, Double tpotCv) {
    return of(ttftShare, prefillFit, drift, tpotCv, null);
  }

  /**
   * The classification from its inputs alone.
   *
   * @param ttftShare median TTFT / E2E, null when no request succeeded
   * @param prefillFit the TTFT-against-prompt-tokens line the case's requests belong to, or null
   * @param drift a conversation's TPOT-against-context line, or null for single requests
   * @param tpotCv TPOT's coefficient of variation (stddev / mean), null when not measured
   * @param promptCache the case's {@code promptCache}: with {@code unique-prefix} the harness itself kept
   *     every prompt out of the prefix cache, which the evidence then says
   */
  public static PhaseEvidence of(Double ttftShare, FitRecord prefillFit, ContextFit drift, Double tpotCv, String promptCache) {
    if (ttftShare == null) {
      return notMeasured("no request succeeded with a first token and an end, so E2E cannot be split");
    }
    List<Match> matches = new ArrayList<>();
    boolean ttftBound = ttftShare >= TTFT_BOUND_SHARE;
    boolean grows = prefillFit != null && prefillFit.line().linear() && prefillFit.line().slopeMsPerToken() > 0
        && (prefillFit.line().slopeCi() == null || prefillFit.line().slopeCi().get(0) == null || prefillFit.line().slopeCi().get(0) > 0);
    if (grows) {
      matches.add(new Match(Signature.PREFILL, String.format(Locale.ROOT,
          "TTFT rises %s ms per prompt token (R² %.2f over lengths %s): the pattern of prefill%s",
          Labels.number(prefillFit.line().slopeMsPerToken()), prefillFit.line().r2(), prefillFit.line().lengths(),
          prefillFit.prefillTokensPerSecond() == null ? "" : String.format(Locale.ROOT, " at about %.0f tok/s",
              prefillFit.prefillTokensPerSecond()))));
    } else if (ttftBound) {
      matches.add(new Match(Signature.CACHE_OR_QUEUEING, String.format(Locale.ROOT,
          "%.0f%% of E2E passes before the first token at a prompt length %s: consistent with a prompt cache"
              + " invalidated on every request, or requests queueing",
          100 * ttftShare, prefillFit == null ? "that was not varied" : "TTFT does not grow with")
          + (UNIQUE_PREFIX.equals(promptCache) ? " (each request here began with a unique marker, so no prefix cache"
              + " could serve it: the whole prompt was prefilled every time by design)" : "")));
    }
    boolean driftMeasured = drift != null && drift.slopeMsPerToken() != null && drift.ci() != null && drift.ci().size() == 2
        && drift.ci().get(0) != null && drift.ci().get(1) != null;
    if (driftMeasured && drift.ci().get(0) > 0) {
      matches.add(new Match(Signature.KV_CACHE, String.format(Locale.ROOT,
          "TPOT rises %s ms per 1000 context tokens over the conversation (95%% interval %s to %s): the pattern"
              + " of a growing KV cache", Labels.number(1000 * drift.slopeMsPerToken()), Labels.number(1000 * drift.ci().get(0)),
          Labels.number(1000 * drift.ci().get(1)))));
    } else if (driftMeasured && drift.ci().get(0) <= 0 && !ttftBound) {
      matches.add(new Match(Signature.BANDWIDTH, String.format(Locale.ROOT,
          "decode takes %.0f%% of E2E and TPOT stays flat as the context grows (slope's 95%% interval %s to %s ms"
              + " per 1000 tokens includes no rise): consistent with decode limited by memory bandwidth",
          100 * (1 - ttftShare), Labels.number(1000 * drift.ci().get(0)), Labels.number(1000 * drift.ci().get(1)))));
    } else if (!driftMeasured && !ttftBound && tpotCv != null && tpotCv <= FLAT_TPOT_CV) {
      matches.add(new Match(Signature.BANDWIDTH, String.format(Locale.ROOT,
          "decode takes %.0f%% of E2E and TPOT is steady across requests (coefficient of variation %.2f):"
              + " consistent with decode limited by memory bandwidth", 100 * (1 - ttftShare), tpotCv)));
    }
    return new PhaseEvidence(ttftShare, ttftBound ? "before the first token" : "decode", matches, null);
  }

  /** One sentence for the report. */
  public String summary() {
    if (notMeasured != null) {
      return "not measured: " + notMeasured;
    }
    String head = String.format(Locale.ROOT, "%.0f%% of E2E before the first token, so %s takes most of it. ",
        100 * ttftShare, phase.equals("decode") ? "decode" : "the wait for the first token");
    if (matches.isEmpty()) {
      return head + "No known pattern matches these figures clearly.";
    }
    StringBuilder out = new StringBuilder(head);
    for (Match m : matches) {
      out.append("Evidence for ").append(m.signature().pointsTo()).append(" (").append(m.signature().pattern()).append("): ")
          .append(m.evidence()).append(". ");
    }
    return out.toString().trim();
  }

  private static PhaseEvidence notMeasured(String reason) {
    return new PhaseEvidence(null, null, List.of(), reason);
  }

  /** The fit whose points include this case's requests: same scenario, model, concurrency and other parameters. */
  static FitRecord fitFor(CaseResult result, List<FitRecord> fits) {
    Map<String, Object> params = result.params() == null ? Map.of() : result.params();
    if (!(params.get(CasePlan.PROMPT_TOKENS) instanceof Number)) {
      return null;
    }
    Map<String, String> others = new LinkedHashMap<>();
    params.forEach((k, v) -> {
      if (!List.of(CasePlan.PROMPT_TOKENS, "model", "concurrency").contains(k)) {
        others.put(k, String.valueOf(v));
      }
    });
    Object concurrency = params.get("concurrency");
    int level = concurrency instanceof Number n ? n.intValue() : 1;
    String model = ModelConcurrency.model(result);
    for (FitRecord fit : fits) {
      Map<String, String> fitOthers = new LinkedHashMap<>();
      if (fit.params() != null) {
        fit.params().forEach((k, v) -> fitOthers.put(k, String.valueOf(v)));
      }
      if (Objects.equals(fit.scenario(), result.scenario()) && Objects.equals(fit.model(), model)
          && fit.concurrency() == level && fitOthers.equals(others)) {
        return fit;
      }
    }
    return null;
  }

  static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }
}
