package dev.llmh.sweep;

import dev.llmh.feature.RunFeature;
import dev.llmh.feature.RunServices;
import dev.llmh.measure.RequestMetrics;
import dev.llmh.plan.CasePlan;
import dev.llmh.resources.Resources;
import dev.llmh.result.CaseResult;
import dev.llmh.result.FitRecord;
import dev.llmh.result.ModelConcurrency;
import dev.llmh.result.RunRecord;
import dev.llmh.result.SampleRecord;
import dev.llmh.result.Section;
import dev.llmh.stats.LinearFit;
import dev.llmh.synthetic.PromptFlags;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Fits TTFT against prompt tokens across the {@code @SyntheticPrompt} cases of one scenario, per
 * concurrency, model and other parameters, on every measured request: x is the server's count of the
 * request's prompt, y its TTFT. A fit needs three or more lengths. Requests that failed, included a
 * model load or had their prompt truncated are left out: they do not measure prefill.
 */
public final class PrefillFits {
  /** Fewer distinct lengths than this make no fit: two points always lie on a line. */
  public static final int MIN_LENGTHS = 3;

  private PrefillFits() {}

  /** The fits as a run feature, which keeps nothing: the run's record gets them, from every case's record. */
  public static final class Feature implements RunFeature, RunFeature.Provider {
    @Override
    public RunFeature open(RunServices run) {
      return this;
    }

    @Override
    public void record(List<CasePlan> plans, List<CaseResult> results, RunRecord.Builder record) {
      record.fits(of(results));
    }
  }

  public static List<FitRecord> of(List<CaseResult> results) {
    Map<List<Object>, List<CaseResult>> groups = new LinkedHashMap<>();
    for (CaseResult result : results) {
      if (result.params() == null || !(result.params().get(PROMPT_TOKENS) instanceof Number)) {
        continue;
      }
      groups.computeIfAbsent(List.of(result.scenario(), String.valueOf(ModelConcurrency.model(result)), others(result.params())),
          k -> new ArrayList<>()).add(result);
    }
    List<FitRecord> fits = new ArrayList<>();
    groups.values().forEach(group -> fit(group).ifPresent(fits::add));
    return fits;
  }

  private static final String PROMPT_TOKENS = CasePlan.PROMPT_TOKENS;


  /** Every parameter but the prompt length, concurrency included: what tells the fits apart. */
  private static Map<String, Object> others(Map<String, Object> params) {
    Map<String, Object> others = new LinkedHashMap<>(params);
    others.remove(PROMPT_TOKENS);
    others.remove("model");
    return others;
  }

  private static java.util.Optional<FitRecord> fit(List<CaseResult> group) {
    List<double[]> points = new ArrayList<>();
    TreeSet<Integer> lengths = new TreeSet<>();
    for (CaseResult result : group) {
      int target = ((Number) result.params().get(PROMPT_TOKENS)).intValue();
      for (SampleRecord sample : result.samples()) {
        List<String> flags = sample.flags() == null ? List.of() : sample.flags();
        if (sample.error() != null || sample.times().ttftMs() == null || flags.contains(RequestMetrics.FLAG_MODEL_LOAD)
            || flags.contains(PromptFlags.TRUNCATED)) {
          continue;
        }
        points.add(new double[] {sample.promptTokens() != null ? sample.promptTokens() : target,
            sample.times().ttftMs()});
        lengths.add(target);
      }
    }
    if (lengths.size() < MIN_LENGTHS) {
      return java.util.Optional.empty();
    }
    double[] x = points.stream().mapToDouble(p -> p[0]).toArray();
    double[] y = points.stream().mapToDouble(p -> p[1]).toArray();
    return LinearFit.of(x, y).map(line -> record(group.get(0), line, lengths, longestPrompt(group, lengths.last())));
  }

  /** The peak memory of the case with the longest prompt, or why it has none. */
  private static FitRecord.LongestPrompt longestPrompt(List<CaseResult> group, int longest) {
    CaseResult result = group.stream().filter(r -> ((Number) r.params().get(PROMPT_TOKENS)).intValue() == longest)
        .findFirst().orElseThrow();
    Resources resources = result.section(Section.RESOURCES);
    if (resources == null || resources.peakRssBytes() == null) {
      return new FitRecord.LongestPrompt(longest, null,
          resources == null ? "the serving process was not sampled" : resources.notMeasured());
    }
    return new FitRecord.LongestPrompt(longest, resources.peakRssBytes(), null);
  }

  private static FitRecord record(CaseResult first, LinearFit line, TreeSet<Integer> lengths, FitRecord.LongestPrompt longest) {
    Map<String, Object> params = others(first.params());
    Object concurrency = params.remove("concurrency");
    boolean rate = line.linear() && line.slope() > 0;
    String note = !line.linear()
        ? "TTFT is not linear in prompt tokens (R² below " + FitRecord.LINEAR_R2 + "): queueing, a prefix cache or"
            + " noise shapes it more than prefill does, so no rate is read off the slope"
        : line.slope() <= 0 ? "TTFT does not grow with prompt tokens: no prefill rate" : null;
    List<Double> ci = rate ? java.util.Arrays.asList(1000 / line.slopeHigh(), line.slopeLow() > 0 ? 1000 / line.slopeLow() : null)
        : null;
    FitRecord.Line fitted = new FitRecord.Line(FitRecord.PROMPT_TOKENS, FitRecord.TTFT_MS, line.slope(), line.intercept(),
        line.r2(), List.of(line.slopeLow(), line.slopeHigh()), line.n(), List.copyOf(lengths), line.linear());
    return new FitRecord(first.scenario(), ModelConcurrency.model(first), concurrency instanceof Number n ? n.intValue() : 1,
        params.isEmpty() ? null : params, fitted, rate ? 1000 / line.slope() : null, ci, 0.95, note, longest);
  }

}
