package dev.llmh.reports;

import dev.llmh.result.CaseResult;
import dev.llmh.result.CaseResult.EndpointRecord;
import dev.llmh.result.CaseResult.Requests;
import dev.llmh.result.CaseResult.Settings;
import dev.llmh.result.CaseResult.Throughput;
import dev.llmh.result.MetricSummary;
import dev.llmh.result.ResultsFiles;
import dev.llmh.result.RunRecord;
import dev.llmh.result.SampleRecord;
import dev.llmh.result.Section;
import dev.llmh.result.fixtures.CaseResults;
import dev.llmh.stats.Summary;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/** Runs built in code for the command tests: cases with per-request samples drawn from known distributions. */
final class Runs {
  static final String SCENARIO = "dev.llmh.samples.Chat";

  private Runs() {}

  static Map<String, Object> environment(String javaVersion) {
    Map<String, Object> environment = new LinkedHashMap<>();
    environment.put("llmhVersion", "0.1.0");
    environment.put("javaVersion", javaVersion);
    environment.put("osName", "Linux");
    environment.put("availableProcessors", 2);
    return environment;
  }

  static RunRecord run(String startedAt, String finishedAt, Map<String, Object> environment, List<CaseResult> cases) {
    return new RunRecord(RunRecord.SCHEMA_VERSION, new RunRecord.RunInfo(startedAt, finishedAt, true), environment,
        new RunRecord.StatisticsInfo("type 7", "confidence bound"), cases, List.of(), List.of());
  }

  /**
   * A case of {@code n} requests whose TTFT, TPOT and E2E are log-normal (σ = 0.1) around the given
   * medians, drawn from {@code seed}: TTFT is {@code ttftMedian} × e^(0.1 Z).
   */
  static CaseResult measured(String scenario, String prompt, int concurrency, String model, double ttftMedian, long seed, int n) {
    Random random = new Random(seed);
    List<SampleRecord> samples = new ArrayList<>();
    double[] ttfts = new double[n];
    for (int i = 0; i < n; i++) {
      double ttft = ttftMedian * Math.exp(0.1 * random.nextGaussian());
      double tpot = 20 * Math.exp(0.1 * random.nextGaussian());
      double e2e = 2000 * Math.exp(0.1 * random.nextGaussian());
      ttfts[i] = ttft;
      samples.add(SampleRecord.builder().times(i * 10.0, ttft, tpot, e2e, i * 10.0 + e2e).chunkMs(List.of(ttft, ttft + tpot)).tokens(30, 100).finishReason("length").flags(List.of()).build());
    }
    Map<String, MetricSummary> metrics = new LinkedHashMap<>();
    metrics.put(CaseResult.TTFT, MetricSummary.of(Summary.of(ttfts)));
    Map<String, Object> params = new LinkedHashMap<>();
    params.put("model", model);
    params.put("concurrency", concurrency);
    String caseId = prompt + "[model=" + model + ", concurrency=" + concurrency + "]";
    return CaseResults.passing()
        .identity(scenario, prompt, caseId, params)
        .endpoint(new EndpointRecord("http://127.0.0.1:1/v1", false, model, model, null, null, "openai-chat", "simulated"))
        .settings(new Settings(100, 0.0, 42, null))
        .requests(new Requests(0, 0, n, n, 0, 0, 0, concurrency))
        .metrics(metrics)
        .throughput(new Throughput(50.0, 0.5, 1000.0))
        .samples(samples)
        .section(Section.PROMPT_HASH, "hash-" + prompt)
        .build();
  }

  static Path write(RunRecord record, Path directory, String name) throws IOException {
    Path file = directory.resolve(name);
    ResultsFiles.mapper().writeValue(file.toFile(), record);
    return file;
  }
}
