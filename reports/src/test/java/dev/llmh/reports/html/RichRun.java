package dev.llmh.reports.html;

import dev.llmh.analysis.ConversationResult;
import dev.llmh.resources.Resources;
import dev.llmh.result.CaseResult;
import dev.llmh.result.CaseResult.ConstraintRecord;
import dev.llmh.result.CaseResult.EndpointRecord;
import dev.llmh.result.CaseResult.Requests;
import dev.llmh.result.CaseResult.Settings;
import dev.llmh.result.CaseResult.Throughput;
import dev.llmh.result.MetricSummary;
import dev.llmh.result.RunRecord;
import dev.llmh.result.SampleRecord;
import dev.llmh.result.SaturationRecord;
import dev.llmh.result.fixtures.CaseResults;
import dev.llmh.stats.MetricSample;
import dev.llmh.sweep.PrefillFits;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;

/**
 * A run with something for every chart, built in code from per-request figures whose shape the test
 * knows: a prompt-length sweep (TTFT = 20 ms + 0.05 ms per token, fitted by the framework's own
 * {@link PrefillFits}), a concurrency sweep with a saturation knee and a failed request, two models
 * side by side, a conversation whose TPOT drifts up, sampled server memory, and a case that never ran.
 */
final class RichRun {
  static final String PKG = "dev.llmh.samples.";
  /** A string that must not end the page's script elements early. */
  static final String HOSTILE = "</script><script>window.injected=1</script><!--";

  private RichRun() {}

  static RunRecord record() {
    List<CaseResult> results = new ArrayList<>();
    Random random = new Random(7);
    for (int tokens : new int[] {128, 512, 2048}) {
      results.add(single("PromptLengthSweep", "synthetic", params("concurrency", 1, "promptTokens", tokens), "tiny", 10,
          i -> 20 + 0.05 * tokens + random.nextGaussian(), 8, tokens, 0, sampled(tokens), null));
    }
    int[] levels = {1, 2, 4, 8};
    double[] tokPerS = {110, 200, 330, 345};
    for (int k = 0; k < levels.length; k++) {
      int c = levels[k];
      double rate = tokPerS[k];
      results.add(single("ConcurrencySweep", "question", params("concurrency", c), "tiny", 12,
          i -> 30.0 * c + 3 * random.nextGaussian(), 9.0 * (1 + k * 0.2), 40, c == 8 ? 1 : 0, null, rate));
    }
    for (String model : List.of("small", "large")) {
      double scale = model.equals("large") ? 3 : 1;
      results.add(single("ModelsSideBySide", "explain", params("concurrency", 1, "model", model), model, 10,
          i -> 50 * scale + random.nextGaussian(), 6 * scale, 60, 0, null, null));
    }
    CaseResult conversation = single("LongConversation", "chat", params("concurrency", 1), "tiny", 8,
        i -> 40 + 4 * random.nextGaussian(), 10, 300, 0, null, null);
    results.add(conversation.toBuilder().conversation(new ConversationResult(new ConversationResult.Counts(4, 2, 2, 0),
        List.of(new ConversationResult.Turn(1, 2, 100.0, 40.0, 10.0), new ConversationResult.Turn(2, 2, 400.0, 41.0, 12.0)),
        new ConversationResult.ContextFit("context_tokens", "tpot_ms", 8, 0.006, 9.4, 0.93, List.of(0.004, 0.008), null))).build());
    results.add(CaseResults.passing()
        .identity(PKG + "ConcurrencySweep", "broken", "broken[concurrency=1]", params("concurrency", 1))
        .endpoint(new EndpointRecord("http://down:1/v1", false, "tiny", null, null, null, null, null))
        .requests(new Requests(0, 0, 0, 0, 0, 0, 0, null))
        .verdict("NOT_RUN", List.of("Connection refused"), "failed")
        .section(dev.llmh.result.Section.ERROR, "Connection refused " + HOSTILE)
        .build());
    SaturationRecord search = new SaturationRecord(PKG + "ConcurrencySweep", "question", null, 0.1, List.of(), List.of(
        step(1, 110), step(2, 200), step(4, 330), step(8, 345)), new SaturationRecord.Point(4, null, 330.0),
        "concurrency 8 gained 5% (< 10%)", "throughput");
    Map<String, Object> environment = new LinkedHashMap<>();
    environment.put("javaVersion", "17.0.15");
    environment.put("osName", "Linux");
    environment.put("availableProcessors", 2);
    environment.put("gpus", List.of());
    environment.put("gpusNotMeasured", "nvidia-smi not found");
    environment.put("notMeasured", List.of("server version: endpoint offers no version route"));
    return new RunRecord(RunRecord.SCHEMA_VERSION, new RunRecord.RunInfo("2026-12-01T04:00:00Z", "2026-12-01T04:03:00Z", true),
        environment, new RunRecord.StatisticsInfo("linear (Hyndman-Fan type 7)", "95% order-statistic bounds"), results,
        PrefillFits.of(results), List.of(search));
  }

  private static SaturationRecord.Step step(int c, double tokPerS) {
    return new SaturationRecord.Step(c, null, tokPerS, 30.0 * c, null, "PASS", null, null, null);
  }

  private static Map<String, Object> params(Object... kv) {
    Map<String, Object> params = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      params.put((String) kv[i], kv[i + 1]);
    }
    return params;
  }

  /** Requests of {@code tokens} output tokens each, sent 100 ms apart; the last {@code failed} fail with HTTP 503. */
  private static CaseResult single(
      String scenario, String caseName, Map<String, Object> params, String model, int n, Function<Integer, Double> ttft,
      double tpot, int promptTokens, int failed, Resources resources, Double tokPerS) {
    List<SampleRecord> samples = new ArrayList<>();
    int outputTokens = 20;
    for (int i = 0; i < n; i++) {
      double start = 100.0 * i;
      if (i >= n - failed) {
        samples.add(SampleRecord.builder().times(start, null, null, null, 15.0).chunkMs(List.of()).flags(List.of()).error("HTTP 503 " + HOSTILE).build());
        continue;
      }
      double t = ttft.apply(i);
      double e2e = t + tpot * (outputTokens - 1);
      samples.add(SampleRecord.builder().times(start, t, tpot, e2e, e2e).chunkMs(List.of(t, e2e)).tokens(promptTokens, outputTokens).finishReason("length").flags(List.of()).build());
    }
    List<SampleRecord> ok = samples.stream().filter(s -> s.error() == null).toList();
    Map<String, MetricSummary> metrics = new LinkedHashMap<>();
    metrics.put(CaseResult.TTFT, summary(ok, s -> s.times().ttftMs()));
    metrics.put(CaseResult.TPOT, summary(ok, s -> s.times().tpotMs()));
    metrics.put(CaseResult.E2E, summary(ok, s -> s.times().e2eMs()));
    MetricSummary ttftSummary = metrics.get(CaseResult.TTFT);
    String caseId = caseName + params.toString().replace('{', '[').replace('}', ']').replace(" ", "");
    String verdict = failed > 0 ? "FAIL" : "PASS";
    return CaseResults.passing()
        .identity(PKG + scenario, caseName, caseId, params)
        .endpoint(new EndpointRecord("http://127.0.0.1:8080/v1", true, model, model + "-q8", "llama.cpp", null, null, null))
        .settings(new Settings(outputTokens, 0, 42, null))
        .requests(new Requests(2, 0, n, n - failed, failed, 0, 0, null))
        .metrics(metrics)
        .throughput(new Throughput(tokPerS != null ? tokPerS : outputTokens * (n - failed) / (0.1 * n), (n - failed) / (0.1 * n), 100.0 * n))
        .constraints(List.of(new ConstraintRecord("ttft.p95 < 2s", ttftSummary.p95(), 2000.0, "ms", "PASS", "ok", ttftSummary.ci().p95())))
        .samples(samples)
        .verdict(verdict, failed > 0 ? List.of(failed + " of " + n + " measured requests failed") : List.of(), verdict.equals("PASS") ? "passed" : "failed")
        .section(dev.llmh.result.Section.RESOURCES, resources)
        .build();
  }

  private static MetricSummary summary(List<SampleRecord> ok, Function<SampleRecord, Double> metric) {
    return MetricSummary.of(MetricSample.perRequest(ok.stream().map(metric).toList()), 0.95);
  }

  /** RSS climbing with the prompt: five samples 250 ms apart. */
  private static Resources sampled(int tokens) {
    List<List<Number>> series = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      series.add(List.of(250L * i, (300L + tokens / 8 + i) * 1024 * 1024, 90.0 + i));
    }
    return new Resources("pid 4242 and its children", 250, 5, (304L + tokens / 8) * 1024 * 1024,
        (302L + tokens / 8) * 1024 * 1024, 92.0, series, null, null, null, null);
  }
}
