package dev.llmh.reports;

import dev.llmh.result.CaseResult;
import dev.llmh.result.CaseResult.ConstraintRecord;
import dev.llmh.result.CaseResult.EndpointRecord;
import dev.llmh.result.CaseResult.Requests;
import dev.llmh.result.CaseResult.Settings;
import dev.llmh.result.CaseResult.Throughput;
import dev.llmh.result.MetricSummary;
import dev.llmh.result.RunRecord;
import dev.llmh.result.SampleRecord;
import dev.llmh.result.Section;
import dev.llmh.result.fixtures.CaseResults;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A run built in code: a passing case, a failing one with failed requests, and one that never ran. */
final class Fixtures {
  static final String SCENARIO = "dev.llmh.samples.SummariseDocument";

  private Fixtures() {}

  static RunRecord run() {
    Map<String, Object> environment = new LinkedHashMap<>();
    environment.put("javaVersion", "17.0.12");
    environment.put("osName", "Linux|x"); // a '|' that must not split the environment table
    environment.put("availableProcessors", 2);
    return new RunRecord(RunRecord.SCHEMA_VERSION, new RunRecord.RunInfo("2025-03-01T10:00:00Z",
        "2025-03-01T10:02:30Z", true), environment,
        new RunRecord.StatisticsInfo("linear interpolation (Hyndman-Fan type 7, numpy default)", "point estimate"),
        List.of(passing(), failing(), notRun()), List.of(), List.of());
  }

  static CaseResult passing() {
    Map<String, MetricSummary> metrics = new LinkedHashMap<>();
    metrics.put(CaseResult.TTFT, summary(10, 85.24, 812.4, 1234.56, 90.0));
    metrics.put(dev.llmh.constraint.Metric.TTFO.jsonName(), summary(10, 85.24, 812.4, 1234.56, 90.0)); // no reasoning
    metrics.put(CaseResult.TPOT, summary(10, 12.345, 14.0, 15.0, 12.5));
    metrics.put(CaseResult.ITL, summary(1190, 11.0, 13.0, 20.0, 11.2));
    metrics.put(CaseResult.E2E, summary(10, 1600.0, 2500.0, 2600.0, 1700.0));
    metrics.put(CaseResult.OUTPUT_TOKENS, summary(10, 120.0, 120.0, 120.0, 120.0));
    List<SampleRecord> samples = List.of(sample(null), sample(null));
    return CaseResults.passing()
        .identity(SCENARIO, "define", "define[concurrency=1]", Map.of("concurrency", 1))
        .endpoint(new EndpointRecord("http://127.0.0.1:8080/v1", true, "tiny", "tiny-q8", "llama.cpp", new java.util.TreeMap<>(java.util.Map.of("engine", "llama.cpp", "modelFile", "tiny.gguf")), null, null))
        .settings(new Settings(200, 0.0, 42, null))
        .requests(new Requests(2, 0, 10, 10, 0, 0, 0, 1))
        .metrics(metrics)
        .throughput(new Throughput(45.678, 0.4, 25000.0))
        .constraints(List.of(new ConstraintRecord("ttft.p95 < 2s", 812.4, 2000.0, "ms", "PASS", "p95 TTFT 812 ms <= budget 2000 ms: PASS", null)))
        .samples(samples)
        .build();
  }

  /** Seven failed requests: more than the report lists, so it must count them and say how many are left. */
  static CaseResult failing() {
    Map<String, MetricSummary> metrics = new LinkedHashMap<>();
    // Only three requests finished: no p99 TTFT, and no TPOT at all (each produced one token).
    metrics.put(CaseResult.TTFT, new MetricSummary(3, 95.0, 4.0, 88.0, 90.0, 140.0, 150.0, null, 150.0, null));
    metrics.put(CaseResult.TPOT, new MetricSummary(0, null, null, null, null, null, null, null, null, null));
    metrics.put(CaseResult.ITL, summary(60, 9.5, 12.0, 15.0, 9.8));
    metrics.put(CaseResult.E2E, summary(3, 2000.0, 3000.0, 3000.0, 2200.0));
    metrics.put(CaseResult.OUTPUT_TOKENS, summary(3, 64.0, 64.0, 64.0, 64.0));
    List<SampleRecord> samples = new ArrayList<>(List.of(sample(null), sample(null), sample(null)));
    for (int i = 1; i <= 7; i++) {
      samples.add(sample("HTTP 503 #" + i));
    }
    Map<String, Object> params = new LinkedHashMap<>();
    params.put("concurrency", 4);
    params.put("stop", "a|b");
    return CaseResults.passing()
        .identity(SCENARIO, "summarise", "summarise[concurrency=4]", params)
        .endpoint(new EndpointRecord("http://gpu-box:8000/v1", false, "qwen", null, null, null, null, null))
        .settings(new Settings(200, 0.0, 42, null))
        .requests(new Requests(2, 1, 10, 3, 7, 0, 0, null))
        .metrics(metrics)
        .throughput(new Throughput(20.0, 0.1, 30000.0))
        .samples(samples)
        .verdict("FAIL", List.of("7 of 10 measured requests failed (first: HTTP 503 #1)"), "failed")
        .section(Section.WARNINGS, List.of("output tokens estimated from chunk count"))
        .build();
  }

  static CaseResult notRun() {
    return CaseResults.passing()
        .identity(SCENARIO, "define", "define[concurrency=8]", Map.of("concurrency", 8))
        .endpoint(new EndpointRecord("http://down:1/v1", false, "qwen", null, null, null, null, null))
        .settings(new Settings(200, 0.0, 42, null))
        .requests(new Requests(2, 0, 0, 0, 0, 0, 0, null))
        .verdict("NOT_RUN", List.of("Connection refused:\nhttp://down:1/v1"), "failed")
        .section(Section.ERROR, "Connection refused:\nhttp://down:1/v1")
        .build();
  }

  private static MetricSummary summary(int n, double p50, double p95, double p99, double mean) {
    return new MetricSummary(n, mean, 1.0, p50 / 2, p50, p95, p95, p99, p99, null);
  }

  private static SampleRecord sample(String error) {
    return error == null
        ? SampleRecord.builder().times(0.0, 80.0, 12.0, 1500.0, 1500.0).chunkMs(List.of(80.0, 92.0)).tokens(30, 120).finishReason("length").flags(List.of()).build()
        : SampleRecord.builder().times(0.0, null, null, null, 5.0).chunkMs(List.of()).flags(List.of()).error(error).build();
  }
}
