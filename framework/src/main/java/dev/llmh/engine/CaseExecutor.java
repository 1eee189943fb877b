package dev.llmh.engine;

import dev.llmh.baseline.Baselines;
import dev.llmh.baseline.CaseKey;
import dev.llmh.client.ChatRequest;
import dev.llmh.constraint.ConstraintExpression;
import dev.llmh.constraint.Metric;
import dev.llmh.endpoint.Endpoint;
import dev.llmh.endpoint.Endpoints;
import dev.llmh.load.ClosedLoop;
import dev.llmh.load.PromptMarker;
import dev.llmh.measure.RequestMetrics;
import dev.llmh.measure.RequestSample;
import dev.llmh.plan.CasePlan;
import dev.llmh.result.CaseResult;
import dev.llmh.result.CaseResult.ConstraintRecord;
import dev.llmh.result.CaseResult.EndpointRecord;
import dev.llmh.result.CaseResult.Requests;
import dev.llmh.result.CaseResult.SampleRecord;
import dev.llmh.result.CaseResult.Settings;
import dev.llmh.result.CaseResult.Throughput;
import dev.llmh.result.MetricSummary;
import dev.llmh.stats.Interval;
import dev.llmh.stats.MetricSample;
import dev.llmh.verdict.ConstraintResult;
import dev.llmh.verdict.Judge;
import dev.llmh.verdict.Looks;
import dev.llmh.verdict.Verdict;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Runs one case end to end — warm-up, measurement, metrics, statistics, verdicts — and returns its
 * record. Never throws for a measurement problem: failures are data, in the record.
 */
final class CaseExecutor {
  private final Endpoints endpoints;
  private final SampleSink sink;
  private final Baselines baselines;

  /** Told of every measured request as it ends, on the worker thread that sent it. */
  interface SampleSink {
    SampleSink NONE = (plan, request, sample, record) -> {};

    void measured(CasePlan plan, int request, RequestSample sample, SampleRecord record);
  }

  CaseExecutor(Endpoints endpoints, SampleSink sink, Baselines baselines) {
    this.endpoints = endpoints;
    this.sink = sink;
    this.baselines = baselines;
  }

  /**
   * The case's record and the constraint results it was judged by.
   *
   * @param caseError why the case could not run at all, or null
   * @param timedOut why the case was cut short by its deadline, or null
   */
  record Outcome(CaseResult result, List<ConstraintResult> verdicts, String caseError, String timedOut) {
    Outcome withTimeout(String reason) {
      return new Outcome(result, verdicts, caseError, reason);
    }
  }

  Outcome run(CasePlan plan) throws InterruptedException {
    Outcome outcome = measure(plan);
    CaseResult result = outcome.result();
    if (outcome.caseError() == null) {
      baselines.keep(caseKey(plan, result.endpoint().servedModel(), result.promptHash()), result.samples());
    }
    return outcome;
  }

  private Outcome measure(CasePlan plan) throws InterruptedException {
    long deadline = System.nanoTime() + plan.caseTimeout().toNanos();
    List<String> warnings = new ArrayList<>();
    String prompt;
    Endpoint endpoint;
    try {
      prompt = Objects.requireNonNull(plan.promptText(), "the prompt is null");
    } catch (RuntimeException e) {
      return notRun(plan, null, "prompt '" + plan.prompt().name() + "' could not be read: " + e);
    }
    try {
      endpoint = endpoints.get(plan.endpoint(), plan.api());
    } catch (RuntimeException e) {
      return notRun(plan, null, e.getMessage());
    }
    if (plan.model() == null && !endpoint.embedded()) {
      return notRun(
          plan, endpoint,
          "no model configured for " + endpoint.url() + ": set @Endpoint(model = \"...\") or -Dllmh.model / LLMH_MODEL"
              + (endpoint.info().modelIds().isEmpty() ? "" : " (the endpoint lists: " + String.join(", ", endpoint.info().modelIds()) + ")"));
    }
    if (plan.measuredRequests() < 2 * plan.concurrency()) {
      warnings.add(
          "only " + plan.measuredRequests() + " measured requests at concurrency " + plan.concurrency()
              + ": fewer than 2 × concurrency, so most requests start in the first wave; raise @Measurement(requests)");
    }

    PromptMarker marker = new PromptMarker();
    boolean disableCache = endpoint.info().takesCachePrompt();
    java.util.function.IntFunction<RequestSample> send =
        i -> endpoint.client().send(
            new ChatRequest(plan.model(), marker.apply(prompt), plan.maxTokens(), plan.temperature(), plan.seed(), disableCache,
                deadline));

    if (warmupRequests(plan) > plan.warmupRequests()) {
      warnings.add("warm-up raised from " + plan.warmupRequests() + " to " + warmupRequests(plan) + " requests: one per"
          + " worker, so that every connection of the " + plan.concurrency() + " workers is open before measuring");
    }
    List<RequestSample> warmup = ClosedLoop.run(warmupRequests(plan), plan.concurrency(), send, deadline);
    long warmupFailed = warmup.stream().filter(s -> !s.succeeded()).count();
    if (warmupFailed > 0) {
      warnings.add(warmupFailed + " of " + warmup.size() + " warm-up requests failed (first: "
          + warmup.stream().filter(s -> !s.succeeded()).findFirst().orElseThrow().error() + ")");
    }
    long measurementStart = System.nanoTime();
    // Fixed: one look at measuredRequests. Adaptive: measure up to each planned point, judge with
    // the error split across the looks, stop at the first look where nothing is INCONCLUSIVE. Each
    // stage's closed loop runs until its last request ends, so nothing in flight is ever dropped.
    String promptHash = Baselines.promptHash(prompt);
    Looks looks = Looks.plan(plan.measuredRequests(), plan.maxRequests(), plan.confidence());
    List<RequestSample> measured = new ArrayList<>();
    Outcome outcome = null;
    for (int look = 0; look < looks.points().size(); look++) {
      int offset = measured.size();
      measured.addAll(
          ClosedLoop.run(looks.points().get(look) - offset, plan.concurrency(), i -> {
            RequestSample sample = send.apply(offset + i);
            sink.measured(plan, offset + i, sample, sampleRecord(sample, RequestMetrics.of(sample), measurementStart));
            return sample;
          }, deadline));
      List<String> lookWarnings = new ArrayList<>(warnings);
      if (System.nanoTime() - deadline >= 0) {
        String reason = "case timeout: the case reached llmh.timeout.case (" + dev.llmh.client.Durations.text(plan.caseTimeout())
            + ") after " + measured.size() + " of " + looks.points().get(look) + " planned measured requests had been sent;"
            + " requests in flight were cancelled and no more were sent";
        lookWarnings.add(0, reason);
        return measuredOutcome(plan, endpoint, measured, (int) warmupFailed, lookWarnings, promptHash, baselines,
            looks.alphaPerLook()).withTimeout(reason);
      }
      boolean last = look == looks.points().size() - 1;
      outcome = measuredOutcome(plan, endpoint, measured, (int) warmupFailed, lookWarnings, promptHash, baselines, looks.alphaPerLook());
      boolean decided = outcome.verdicts().stream().noneMatch(v -> v.verdict() == Verdict.INCONCLUSIVE);
      if (plan.adaptive() && (decided || last)) {
        lookWarnings.add(0, "adaptive measurement: " + measured.size() + " requests (planned looks " + looks.points()
            + ", stopped at look " + (look + 1) + (decided ? ", every constraint decided" : ", maxRequests reached")
            + "); each look's bounds at " + String.format(java.util.Locale.ROOT, "%.4g", 1 - looks.alphaPerLook())
            + " (Bonferroni over " + looks.points().size() + " looks)");
        outcome = measuredOutcome(plan, endpoint, measured, (int) warmupFailed, lookWarnings, promptHash, baselines, looks.alphaPerLook());
      }
      if (decided || last) {
        break;
      }
    }
    return outcome;
  }

  /**
   * Warm-up requests actually sent: at least one per worker, since a worker whose first request
   * is measured pays for opening its connection in that request's TTFT. None when none is declared
   * ({@code @Warmup(requests = 0)}: the user asked for cold requests).
   */
  static int warmupRequests(CasePlan plan) {
    return plan.warmupRequests() == 0 ? 0 : Math.max(plan.warmupRequests(), plan.concurrency());
  }

  /**
   * The record of a case the run was stopped in: what finished of it, judged as it stands, with a
   * warning saying how much is missing. The endpoint is not asked anything again.
   */
  static CaseResult cutShort(CasePlan plan, List<RequestSample> finished) {
    List<String> warnings = new ArrayList<>();
    warnings.add("run stopped during this case: " + finished.size() + " of " + plan.measuredRequests()
        + " measured requests had finished; the figures and verdicts are of those");
    List<RequestSample> ordered = new ArrayList<>(finished);
    ordered.sort(java.util.Comparator.comparingLong(RequestSample::startNanos));
    return measuredOutcome(plan, null, ordered, 0, warnings, null, Baselines.NONE).result();
  }

  private static Outcome measuredOutcome(
      CasePlan plan, Endpoint endpoint, List<RequestSample> measured, int warmupFailed, List<String> warnings,
      String promptHash, Baselines baselines) {
    return measuredOutcome(plan, endpoint, measured, warmupFailed, warnings, promptHash, baselines, 1 - plan.confidence());
  }

  /** @param alpha the error allowed to each one-sided bound of a verdict */
  private static Outcome measuredOutcome(
      CasePlan plan, Endpoint endpoint, List<RequestSample> measured, int warmupFailed, List<String> warnings,
      String promptHash, Baselines baselines, double alpha) {
    List<RequestMetrics> metrics = measured.stream().map(RequestMetrics::of).toList();
    List<Double> ttft = new ArrayList<>(), tpot = new ArrayList<>(), e2e = new ArrayList<>(), tokens = new ArrayList<>();
    List<Double> ttfo = new ArrayList<>();
    // gaps kept per request: they are resampled by request, not treated as independent
    List<double[]> itl = new ArrayList<>(), itlToken = new ArrayList<>();
    boolean perTokenKnown = true;
    int noAnswer = 0, modelLoad = 0, mismatched = 0, implausible = 0, exceeding = 0, invalidUtf8 = 0;
    long firstStart = measured.stream().mapToLong(RequestSample::startNanos).min().orElse(0);
    long lastEnd = measured.stream().mapToLong(RequestSample::endNanos).max().orElse(0);
    long outputTokens = 0;
    int succeeded = 0;
    boolean estimated = false;
    String servedModel = null;
    List<SampleRecord> samples = new ArrayList<>();
    for (int i = 0; i < measured.size(); i++) {
      RequestSample sample = measured.get(i);
      RequestMetrics m = metrics.get(i);
      servedModel = servedModel == null ? sample.servedModel() : servedModel;
      if (sample.succeeded()) {
        succeeded++;
        noAnswer += m.noAnswer() ? 1 : 0;
        mismatched += m.usageChunkMismatch() ? 1 : 0;
        implausible += m.usageImplausible() ? 1 : 0;
        exceeding += m.exceedsMaxTokens() ? 1 : 0;
        invalidUtf8 += m.invalidUtf8() ? 1 : 0;
        if (m.modelLoad()) {
          // A cold model load is not serving latency: the sample stays in the record, out of the statistics.
          modelLoad++;
          samples.add(sampleRecord(sample, m, firstStart));
          continue;
        }
        ttft.add(m.ttftMs());
        ttfo.add(m.ttfoMs());
        if (m.itlTokenMs() == null) {
          perTokenKnown &= m.itlMs().isEmpty(); // a single-chunk response has no gap to split
        } else {
          itlToken.add(doubles(m.itlTokenMs()));
        }
        tpot.add(m.tpotMs());
        e2e.add(m.e2eMs());
        itl.add(doubles(m.itlMs()));
        tokens.add((double) m.outputTokens());
        outputTokens += m.outputTokens();
        estimated |= m.tokensEstimated();
      }
      samples.add(sampleRecord(sample, m, firstStart));
    }
    int failed = measured.size() - succeeded;
    if (modelLoad > 0) {
      warnings.add(modelLoad + " of " + succeeded + " succeeded requests included a model load (server load time > "
          + (int) RequestMetrics.MODEL_LOAD_MS + " ms, flag model_load): kept in samples, left out of the statistics");
    }
    if (noAnswer > 0) {
      warnings.add(noAnswer + " of " + succeeded + " succeeded requests never produced an answer chunk (flag no_answer):"
          + " the whole budget went to reasoning or no text came; raise @MaxTokens for a reasoning model");
    }
    if (mismatched > 0) {
      warnings.add(mismatched + " requests' usage differs from their text-chunk count (flag usage_chunk_mismatch):"
          + " chunks carried several tokens, so itl_ms is per chunk, not per token");
    }
    if (implausible > 0) {
      warnings.add(implausible + " of " + succeeded + " succeeded requests reported more output tokens than their text could"
          + " hold (flag usage_implausible): their token counts are the chunk counts instead, and no budget on a figure"
          + " computed from token counts (" + tokenMetrics() + ") is judged PASS on them");
    }
    if (exceeding > 0) {
      warnings.add(exceeding + " of " + succeeded + " succeeded requests produced more than max_tokens = " + plan.maxTokens()
          + " (flag exceeds_max_tokens): the server ignored the limit, so they are not the workload asked for");
    }
    if (invalidUtf8 > 0) {
      warnings.add(invalidUtf8 + " of " + succeeded + " succeeded requests' text held U+FFFD, the mark of bytes that were"
          + " not valid UTF-8 (flag invalid_utf8)");
    }
    if (!perTokenKnown) {
      warnings.add("per-token ITL unknown (metrics.itl_token_ms is null): the server did not confirm how many"
          + " tokens each chunk carried (per-chunk usage, or usage equal to the chunk count)");
    }
    if (estimated) {
      warnings.add("the server sent no usage for some requests: their output tokens are chunk counts (flag estimated_tokens)");
    }
    if (plan.model() != null && servedModel != null && !plan.model().equals(servedModel)) {
      warnings.add("requested model '" + plan.model() + "' but the server answered as '" + servedModel + "'");
    }

    Map<Metric, MetricSample> summaries = new EnumMap<>(Metric.class);
    summaries.put(Metric.TTFT, MetricSample.perRequest(ttft));
    summaries.put(Metric.TPOT, MetricSample.perRequest(tpot));
    summaries.put(Metric.ITL, MetricSample.pooled(itl));
    summaries.put(Metric.E2E, MetricSample.perRequest(e2e));
    summaries.put(Metric.TTFO, MetricSample.perRequest(ttfo));
    double level = plan.confidence();
    Map<String, MetricSummary> recorded = new LinkedHashMap<>();
    recorded.put(CaseResult.TTFT, MetricSummary.of(summaries.get(Metric.TTFT), level));
    recorded.put(CaseResult.TPOT, MetricSummary.of(summaries.get(Metric.TPOT), level));
    recorded.put(CaseResult.ITL, MetricSummary.of(summaries.get(Metric.ITL), level));
    recorded.put(CaseResult.E2E, MetricSummary.of(summaries.get(Metric.E2E), level));
    recorded.put(CaseResult.TTFO, MetricSummary.of(summaries.get(Metric.TTFO), level));
    recorded.put(CaseResult.ITL_TOKEN, perTokenKnown ? MetricSummary.of(MetricSample.pooled(itlToken), level) : null);
    recorded.put(CaseResult.OUTPUT_TOKENS, MetricSummary.of(MetricSample.perRequest(tokens), level));

    double wallSeconds = (lastEnd - firstStart) / 1e9;
    Throughput throughput =
        measured.isEmpty() || wallSeconds <= 0
            ? new Throughput(null, null, null)
            : new Throughput(outputTokens / wallSeconds, succeeded / wallSeconds, wallSeconds * 1000);

    Baselines.Comparison baseline = baselines.compare(caseKey(plan, servedModel, promptHash), samples);
    warnings.addAll(baseline.warnings());
    List<ConstraintResult> verdicts = new ArrayList<>();
    List<ConstraintRecord> constraintRecords = new ArrayList<>();
    for (ConstraintExpression constraint : plan.constraints()) {
      ConstraintResult result =
          constraint.regression() ? baseline.judge(constraint)
          : constraint.metric() == Metric.ERROR_RATE
              ? Judge.judgeErrorRate(constraint, measured.size() - succeeded, measured.size())
              : Judge.judge(constraint, summaries, level, alpha);
      if (implausible > 0 && result.verdict() == Verdict.PASS && !constraint.regression()
          && constraint.metric().countsOutputTokens()) {
        result = notPassedOnMadeUpCounts(result, implausible, succeeded);
      }
      verdicts.add(result);
      constraintRecords.add(
          new ConstraintRecord(
              constraint.source(), MetricSummary.finite(result.observed()), constraint.budget().canonical(),
              canonicalUnit(constraint), result.verdict().name(), result.message(),
              result.bounds() == null || result.bounds().equals(Interval.NONE) ? null : result.bounds().asList()));
    }
    CaseResult result =
        new CaseResult(
            plan.scenarioClassName(), plan.prompt().name(), plan.caseId(), plan.allParams(),
            endpointRecord(plan, endpoint, servedModel), settings(plan), PromptMarker.MODE,
            new Requests(warmupRequests(plan), warmupFailed, measured.size(), succeeded, failed, noAnswer, modelLoad),
            recorded, throughput, constraintRecords, warnings, samples, null, promptHash, baseline.record());
    return new Outcome(result, verdicts, null, null);
  }

  /** A PASS that rested on token counts the server made up: INCONCLUSIVE, saying why. */
  private static ConstraintResult notPassedOnMadeUpCounts(ConstraintResult passed, int implausible, int succeeded) {
    String message = passed.message();
    int verdictAt = message.lastIndexOf(": PASS");
    String figure = verdictAt < 0 ? message : message.substring(0, verdictAt);
    return new ConstraintResult(passed.expression(), passed.observed(), Verdict.INCONCLUSIVE,
        figure + ": INCONCLUSIVE (not passed: " + implausible + " of " + succeeded
            + " requests' token counts are implausible, flag usage_implausible)", passed.bounds());
  }

  private static String tokenMetrics() {
    return java.util.Arrays.stream(Metric.values()).filter(Metric::countsOutputTokens).map(Metric::key)
        .collect(java.util.stream.Collectors.joining(", "));
  }

  /** The endpoint by kind, not URL: the embedded server's and simulator's ports change every run. */
  private static CaseKey caseKey(CasePlan plan, String servedModel, String promptHash) {
    String kind = Endpoints.EMBEDDED.equals(plan.endpoint()) ? "embedded"
        : Endpoints.SIMULATED.equals(plan.endpoint()) ? "simulated" : "remote";
    return new CaseKey(plan.scenarioClassName(), plan.caseId(), CaseKey.paramText(plan.allParams()), promptHash, servedModel,
        kind + "/" + plan.api().key(), plan.maxTokens(), plan.temperature(), plan.seed());
  }

  private static double[] doubles(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).toArray();
  }

  private static String canonicalUnit(ConstraintExpression constraint) {
    if (constraint.regression()) {
      return "%";
    }
    return switch (constraint.metric().dimension()) {
      case TIME -> "ms";
      case RATIO -> "%";
      case TOKEN_RATE -> "tok/s";
      case REQUEST_RATE -> "req/s";
      case COUNT -> "count";
    };
  }

  static SampleRecord sampleRecord(RequestSample sample, RequestMetrics m, long firstStart) {
    List<Double> chunks = sample.textChunkNanos().stream().map(t -> (t - sample.startNanos()) / 1e6).toList();
    List<String> flags = new ArrayList<>(m.flags());
    return new SampleRecord(
        (sample.startNanos() - firstStart) / 1e6,
        MetricSummary.finite(m.ttftMs()),
        MetricSummary.finite(m.tpotMs()),
        MetricSummary.finite(m.e2eMs()),
        (sample.endNanos() - sample.startNanos()) / 1e6,
        chunks,
        sample.promptTokens(),
        m.outputTokens(),
        sample.finishReason(),
        flags,
        sample.error(),
        MetricSummary.finite(m.ttfoMs()),
        m.chunkCount(),
        m.reasoningChunks(),
        sample.serverTimings().isEmpty() ? null : sample.serverTimings(),
        sample.retryAfter());
  }

  private static EndpointRecord endpointRecord(CasePlan plan, Endpoint endpoint, String servedModel) {
    return endpoint == null
        ? new EndpointRecord(plan.endpoint(), Endpoints.EMBEDDED.equals(plan.endpoint()) || Endpoints.SIMULATED.equals(plan.endpoint()),
            plan.model(), null, null, null, plan.api().key())
        : new EndpointRecord(endpoint.url(), endpoint.embedded(), plan.model(), servedModel, endpoint.info().ownedBy(),
            endpoint.info().meta().isEmpty() ? null : endpoint.info().meta(), plan.api().key());
  }

  private static Settings settings(CasePlan plan) {
    return new Settings(plan.maxTokens(), plan.temperature(), plan.seed());
  }

  /** A case that could not send a single request: recorded with its reason, never dropped. */
  static Outcome notRun(CasePlan plan, Endpoint endpoint, String reason) {
    CaseResult result =
        new CaseResult(
            plan.scenarioClassName(), plan.prompt().name(), plan.caseId(), plan.allParams(),
            endpointRecord(plan, endpoint, null), settings(plan), PromptMarker.MODE,
            new Requests(plan.warmupRequests(), 0, 0, 0, 0), Map.of(), new Throughput(null, null, null),
            plan.constraints().stream()
                .map(c -> new ConstraintRecord(c.source(), null, c.budget().canonical(), canonicalUnit(c),
                    Verdict.INCONCLUSIVE.name(), c.subject() + " not judged: the case did not run"))
                .toList(),
            List.of(), List.of(), reason);
    return new Outcome(result, List.of(), reason, null);
  }
}
