package dev.llmh.result;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Map;
import dev.llmh.constraint.Metric;
import dev.llmh.overhead.HarnessCheck;

/**
 * One case's record: what was asked, what served it, every measured request, the statistics and
 * the verdicts.
 *
 * @param caseName the prompt's case name (JSON {@code case})
 * @param promptCache where each request's unique marker went: {@code unique-prefix} (default: at the
 *     start, so no prefix cache can help) or {@code shared-prefix} ({@code @PromptCache(SHARED)}: at
 *     the end of the user text, after a byte-identical system prompt and prompt)
 * @param error why the case could not run at all (endpoint unreachable, prompt threw), else null
 * @param promptHash SHA-256 of the prompt text (before the cache-proof marker), hex; with a system
 *     prompt, of the system prompt, a blank line and the prompt
 * @param baseline the comparison with a stored baseline, when {@code -Dllmh.baseline} is set
 * @param verdict the case's verdict: {@code PASS}, {@code FAIL}, {@code INCONCLUSIVE}, {@code
 *     NOT_RUN} or {@code ERROR}
 * @param verdictReasons why: the failed budgets and requests, the undecided budgets, the timeout
 * @param reportedAs what the test runner was told: {@code passed}, {@code failed} or {@code
 *     skipped} (an INCONCLUSIVE case as {@code llmh.inconclusive} says)
 * @param harness the harness's own overhead while measuring (CPU per chunk, stalls, collector
 *     pauses), or null when nothing was measured
 * @param calibration how a {@code @SyntheticPrompt} case's prompt was brought to its length (the
 *     unmeasured requests it took), or null for a prompt the scenario wrote
 * @param options the server options sent with every request ({@code @Endpoint(options)},
 *     {@code llmh.options}), or null when none
 * @param context the server's context as the options set it or the server said it, or null when unknown
 * @param conversation a {@code @Conversation} case's conversations: measured, completed, failed;
 *     absent for a case of single requests, as are {@code turns} and {@code context_fit}
 * @param turns a conversation case's figures per turn
 * @param contextFit a conversation case's fit of TPOT against context tokens
 * @param promptFile the {@code @PromptFile} the case's prompts came from, or null (absent) for a
 *     {@code @Prompt} case
 * @param slo goodput and SLO attainment under the case's {@code @Slo}, or why they were not measured;
 *     absent for a case that measured nothing
 * @param resources the serving process's memory and CPU over the measurement, the warm-up's within;
 *     null for a case that sent nothing
 * @param cost what a million output tokens cost at the declared prices, or why not measured; absent
 *     for a case that measured nothing
 * @param physics the median decode rate per stream × the weights' bytes against the memory
 *     bandwidth: {@code implausible} says so when above it; absent for a case that measured nothing
 * @param checks what the checks on every answer found and the case's {@code success_rate}; absent
 *     when the scenario declares no check
 * @param judge the judge's scores of the answers ({@code @Judge}): {@code judge_score}, the failures, the
 *     categories; absent when the scenario is not judged
 * @param compare the distribution comparison against a reference model ({@code @Compare}):
 *     {@code kl_divergence}, {@code top1_agreement}, perplexities, or why not measured; absent when
 *     none is declared
 */
public record CaseResult(
    String scenario,
    @JsonProperty("case") String caseName,
    String caseId,
    Map<String, Object> params,
    EndpointRecord endpoint,
    Settings settings,
    String promptCache,
    Requests requests,
    Map<String, MetricSummary> metrics,
    Throughput throughput,
    List<ConstraintRecord> constraints,
    List<String> warnings,
    List<SampleRecord> samples,
    String error,
    String promptHash,
    BaselineRecord baseline,
    String verdict,
    List<String> verdictReasons,
    String reportedAs,
    HarnessCheck harness,
    CalibrationRecord calibration,
    Map<String, Object> options,
    ContextRecord context,
    @JsonInclude(JsonInclude.Include.NON_NULL) ConversationResult.Counts conversation,
    @JsonInclude(JsonInclude.Include.NON_NULL) List<ConversationResult.Turn> turns,
    @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("context_fit") ConversationResult.ContextFit contextFit,
    @JsonInclude(JsonInclude.Include.NON_NULL) PromptFileRecord promptFile,
    @JsonInclude(JsonInclude.Include.NON_NULL) SloRecord slo,
    Resources resources,
    @JsonInclude(JsonInclude.Include.NON_NULL) CostRecord cost,
    @JsonInclude(JsonInclude.Include.NON_NULL) PhysicsRecord physics,
    @JsonInclude(JsonInclude.Include.NON_NULL) ChecksRecord checks,
    @JsonInclude(JsonInclude.Include.NON_NULL) JudgeRecord judge,
    @JsonInclude(JsonInclude.Include.NON_NULL) CompareRecord compare) {

  /**
   * This record with the judge's scores: each sample's, the case's, and the verdict the
   * {@code judge_score} budgets changed ({@code constraints} whole, {@code verdict} and its reasons).
   */
  public CaseResult withJudge(
      JudgeRecord j, List<SampleRecord> judgedSamples, List<ConstraintRecord> allConstraints, String newVerdict,
      List<String> reasons, String reported) {
    return new CaseResult(scenario, caseName, caseId, params, endpoint, settings, promptCache, requests, metrics, throughput,
        allConstraints, warnings, judgedSamples, error, promptHash, baseline, newVerdict, reasons, reported, harness,
        calibration, options, context, conversation, turns, contextFit, promptFile, slo, resources, cost, physics, checks, j, compare);
  }

  /** Not judged, without a distribution comparison. */
  public CaseResult(
      String scenario, String caseName, String caseId, Map<String, Object> params, EndpointRecord endpoint,
      Settings settings, String promptCache, Requests requests, Map<String, MetricSummary> metrics, Throughput throughput,
      List<ConstraintRecord> constraints, List<String> warnings, List<SampleRecord> samples, String error,
      String promptHash, BaselineRecord baseline, String verdict, List<String> verdictReasons, String reportedAs,
      HarnessCheck harness, CalibrationRecord calibration, Map<String, Object> options, ContextRecord context,
      ConversationResult.Counts conversation, List<ConversationResult.Turn> turns, ConversationResult.ContextFit contextFit,
      PromptFileRecord promptFile, SloRecord slo, Resources resources, CostRecord cost, PhysicsRecord physics,
      ChecksRecord checks) {
    this(scenario, caseName, caseId, params, endpoint, settings, promptCache, requests, metrics, throughput, constraints,
        warnings, samples, error, promptHash, baseline, verdict, verdictReasons, reportedAs, harness, calibration, options,
        context, conversation, turns, contextFit, promptFile, slo, resources, cost, physics, checks, null, null);
  }

  /** Without an {@code @Slo} record. */
  public CaseResult(
      String scenario, String caseName, String caseId, Map<String, Object> params, EndpointRecord endpoint,
      Settings settings, String promptCache, Requests requests, Map<String, MetricSummary> metrics, Throughput throughput,
      List<ConstraintRecord> constraints, List<String> warnings, List<SampleRecord> samples, String error,
      String promptHash, BaselineRecord baseline, String verdict, List<String> verdictReasons, String reportedAs,
      HarnessCheck harness, CalibrationRecord calibration, Map<String, Object> options, ContextRecord context,
      ConversationResult.Counts conversation, List<ConversationResult.Turn> turns, ConversationResult.ContextFit contextFit,
      PromptFileRecord promptFile) {
    this(scenario, caseName, caseId, params, endpoint, settings, promptCache, requests, metrics, throughput, constraints,
        warnings, samples, error, promptHash, baseline, verdict, verdictReasons, reportedAs, harness, calibration, options,
        context, conversation, turns, contextFit, promptFile, null, null, null, null, null);
  }

  /** Without a synthetic prompt's calibration, server options or the server's context. */
  public CaseResult(
      String scenario, String caseName, String caseId, Map<String, Object> params, EndpointRecord endpoint,
      Settings settings, String promptCache, Requests requests, Map<String, MetricSummary> metrics, Throughput throughput,
      List<ConstraintRecord> constraints, List<String> warnings, List<SampleRecord> samples, String error,
      String promptHash, BaselineRecord baseline, String verdict, List<String> verdictReasons, String reportedAs,
      HarnessCheck harness) {
    this(scenario, caseName, caseId, params, endpoint, settings, promptCache, requests, metrics, throughput, constraints,
        warnings, samples, error, promptHash, baseline, verdict, verdictReasons, reportedAs, harness, null, null, null, null, null, null, null);
  }

  /** A case of single requests: no conversation figures. */
  public CaseResult(
      String scenario, String caseName, String caseId, Map<String, Object> params, EndpointRecord endpoint,
      Settings settings, String promptCache, Requests requests, Map<String, MetricSummary> metrics, Throughput throughput,
      List<ConstraintRecord> constraints, List<String> warnings, List<SampleRecord> samples, String error,
      String promptHash, BaselineRecord baseline, String verdict, List<String> verdictReasons, String reportedAs,
      HarnessCheck harness, CalibrationRecord calibration, Map<String, Object> options, ContextRecord context) {
    this(scenario, caseName, caseId, params, endpoint, settings, promptCache, requests, metrics, throughput, constraints,
        warnings, samples, error, promptHash, baseline, verdict, verdictReasons, reportedAs, harness, calibration, options,
        context, null, null, null, null);
  }

  /** This record as JUnit was told of it: a saturation step past the search's stop is reported skipped. */
  public CaseResult withReportedAs(String reported) {
    return new CaseResult(scenario, caseName, caseId, params, endpoint, settings, promptCache, requests, metrics, throughput,
        constraints, warnings, samples, error, promptHash, baseline, verdict, verdictReasons, reported, harness, calibration,
        options, context, conversation, turns, contextFit, promptFile, slo, resources, cost, physics, checks, judge, compare);
  }

  /** This record with a conversation case's own figures. */
  public CaseResult withConversation(ConversationResult c) {
    return new CaseResult(scenario, caseName, caseId, params, endpoint, settings, promptCache, requests, metrics, throughput,
        constraints, warnings, samples, error, promptHash, baseline, verdict, verdictReasons, reportedAs, harness, calibration,
        options, context, c.counts(), c.turns(), c.contextFit(), promptFile, slo, resources, cost, physics, checks, judge, compare);
  }

  /** This record with its distribution comparison. */
  public CaseResult withCompare(CompareRecord c) {
    return new CaseResult(scenario, caseName, caseId, params, endpoint, settings, promptCache, requests, metrics, throughput,
        constraints, warnings, samples, error, promptHash, baseline, verdict, verdictReasons, reportedAs, harness, calibration,
        options, context, conversation, turns, contextFit, promptFile, slo, resources, cost, physics, checks, judge, c);
  }

  /**
   * @param tokens the context in tokens: a longer prompt is truncated (Ollama) or refused
   * @param source where it was read: {@code option num_ctx}, {@code /api/show parameters num_ctx}
   */
  public record ContextRecord(int tokens, String source) {}

  /**
   * Where a case's prompts came from.
   *
   * @param path the file's path on the test classpath, as declared
   * @param sha256 of the file's bytes, hex; null when the case did not run and the file was not read
   */
  public record PromptFileRecord(String path, String sha256) {}

  /** Keys in {@link #metrics()} of the metrics read most often; every key is a {@link Metric#jsonName()}. */
  public static final String TTFT = Metric.TTFT.jsonName();
  public static final String TPOT = Metric.TPOT.jsonName();
  public static final String ITL = Metric.ITL.jsonName();
  public static final String E2E = Metric.E2E.jsonName();
  public static final String OUTPUT_TOKENS = Metric.OUTPUT_TOKENS.jsonName();
  /** Time to the first answer (non-reasoning) chunk. */
  public static final String TTFO = Metric.TTFO.jsonName();
  /** Per-token inter-token latency; null in the record when per-chunk token counts are unknown. */
  public static final String ITL_TOKEN = Metric.ITL_TOKEN.jsonName();

  /**
   * @param url the URL requests went to
   * @param embedded true when the embedded llama.cpp server served the case (kept beside {@code kind}
   *     for readers written before it)
   * @param ownedBy what the server's model listing said owns the model (names llama.cpp, vLLM...)
   * @param server what the server said about its engine and model (the listing's {@code meta}):
   *     for the embedded server the engine and version, the model file's name, size, sha256 and shape
   * @param api the wire protocol spoken ({@code openai-chat}, {@code openai-completions},
   *     {@code ollama-chat}, {@code ollama-generate})
   * @param kind what served: {@code embedded} (the llama.cpp server LLMH starts), {@code simulated}
   *     (the simulator: its figures are not inference costs) or {@code remote}; null in records
   *     written before it, where {@code embedded} said "started by LLMH", simulator included
   */
  @JsonPropertyOrder({"url", "kind", "embedded"})
  public record EndpointRecord(
      String url, boolean embedded, String requestedModel, String servedModel, String ownedBy,
      Map<String, Object> server, String api, String kind) {
    public EndpointRecord(
        String url, boolean embedded, String requestedModel, String servedModel, String ownedBy, Map<String, Object> server) {
      this(url, embedded, requestedModel, servedModel, ownedBy, server, null, null);
    }

    /** The kind, also for a record written before {@code kind} was: then {@code embedded} is all there is. */
    @JsonIgnore
    public String kindOrGuess() {
      return kind != null ? kind : embedded ? "embedded" : "remote";
    }
  }

  /**
   * @param responseFormat {@code @ResponseFormat}, what every request asked the output to be: {@code
   *     {"type": "json_object"}} or {@code {"type": "json_schema", "schema": "<path on the test classpath>"}};
   *     absent when the output was not constrained
   */
  public record Settings(
      int maxTokens, double temperature, long seed,
      @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, String> responseFormat) {
    public Settings(int maxTokens, double temperature, long seed) {
      this(maxTokens, temperature, seed, null);
    }
  }

  /**
   * @param noAnswer succeeded requests that never produced an answer chunk (reasoning only, or no text)
   * @param modelLoadExcluded succeeded requests that included a model load: kept in {@code samples},
   *     left out of the statistics
   * @param effectiveConcurrency the most measured requests in flight at once: the case's concurrency,
   *     or fewer when fewer requests were measured than there were workers to send them; null when
   *     nothing was measured
   */
  public record Requests(
      int warmup, int warmupFailed, int measured, int succeeded, int failed, int noAnswer, int modelLoadExcluded,
      Integer effectiveConcurrency) {
    public Requests(int warmup, int warmupFailed, int measured, int succeeded, int failed) {
      this(warmup, warmupFailed, measured, succeeded, failed, 0, 0, null);
    }
  }

  /**
   * @param wallMs the counted requests' span: from the first counted request's send to the last one's
   *     end, failed requests and a cold model load kept out as they are out of the tokens
   */
  public record Throughput(
      @JsonProperty("output_tokens_per_s") Double outputTokensPerSecond,
      @JsonProperty("requests_per_s") Double requestsPerSecond,
      @JsonProperty("wall_ms") Double wallMs) {}

  /**
   * @param observed in {@code unit}, the metric's canonical unit; null when there was nothing to judge
   * @param bounds the interval the verdict was judged on, {@code [lower, upper]} in {@code unit}; an
   *     end the sample cannot bound is null; absent when the verdict used no interval
   */
  public record ConstraintRecord(
      String expression, Double observed, Double budget, String unit, String verdict, String message,
      List<Double> bounds) {

    /** Without bounds: the verdict was not judged on an interval (min, max, error_rate, not run). */
    public ConstraintRecord(
        String expression, Double observed, Double budget, String unit, String verdict, String message) {
      this(expression, observed, budget, unit, verdict, message, null);
    }
  }

  /**
   * One measured request. Times in ms: {@code start_ms} from the first measured send, the others
   * from this request's own send; {@code chunk_ms} is when each chunk carrying generated text
   * arrived (reasoning included); {@code ttfo_ms} the first answer chunk. {@code output_tokens} is
   * the server's count when it gave one, {@code chunk_count} what arrived: they differ when chunks
   * carried several tokens (flag {@code usage_chunk_mismatch}). {@code server_timings} are what the
   * server measured itself, in ms (llama.cpp {@code timings}; Ollama's durations as {@code load_ms},
   * {@code prompt_eval_ms}, {@code eval_ms}, {@code total_ms}). {@code retry_after} is the
   * {@code Retry-After} header of a refused request (429, 503), as the server sent it. {@code turn}
   * is a conversation's turn (from 1) the request was, absent for a single request. {@code text} is
   * the answer text and {@code reasoning_text} the reasoning text (absent when none arrived), each
   * cut to its first {@code llmh.record.textChars} characters (flag {@code text_truncated} when
   * either was); {@code text} is null when the client kept none. {@code checks} is what each check
   * on every answer found, {@code [{name, passed, reason}]}, absent when none ran (no check
   * declared, or the request failed). {@code tool_calls} is the tool calls the answer made,
   * {@code [{name, arguments}]} with the arguments' text as streamed, absent when it made none.
   * {@code judge} is what {@code @Judge} made of the answer, {@code {label, score, rationale}} or
   * {@code {label, failure}}, absent when the case is not judged.
   */
  public record SampleRecord(
      @JsonProperty("start_ms") Double startMs,
      @JsonProperty("ttft_ms") Double ttftMs,
      @JsonProperty("tpot_ms") Double tpotMs,
      @JsonProperty("e2e_ms") Double e2eMs,
      @JsonProperty("end_ms") Double endMs,
      @JsonProperty("chunk_ms") List<Double> chunkMs,
      @JsonProperty("prompt_tokens") Integer promptTokens,
      @JsonProperty("output_tokens") Integer outputTokens,
      @JsonProperty("finish_reason") String finishReason,
      List<String> flags,
      String error,
      @JsonProperty("ttfo_ms") Double ttfoMs,
      @JsonProperty("chunk_count") Integer chunkCount,
      @JsonProperty("reasoning_chunks") Integer reasoningChunks,
      @JsonProperty("server_timings") Map<String, Double> serverTimings,
      @JsonProperty("retry_after") String retryAfter,
      @JsonInclude(JsonInclude.Include.NON_NULL) Integer turn,
      @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("scheduled_ms") Double scheduledMs,
      @JsonProperty("text") String text,
      @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("reasoning_text") String reasoningText,
      @JsonInclude(JsonInclude.Include.NON_NULL) List<dev.llmh.check.CheckOutcome> checks,
      @JsonInclude(JsonInclude.Include.NON_EMPTY) @JsonProperty("tool_calls") List<dev.llmh.measure.ToolCall> toolCalls,
      @JsonInclude(JsonInclude.Include.NON_NULL) SampleJudge judge) {
    /** Not judged. */
    public SampleRecord(
        Double startMs, Double ttftMs, Double tpotMs, Double e2eMs, Double endMs, List<Double> chunkMs,
        Integer promptTokens, Integer outputTokens, String finishReason, List<String> flags, String error, Double ttfoMs,
        Integer chunkCount, Integer reasoningChunks, Map<String, Double> serverTimings, String retryAfter, Integer turn,
        Double scheduledMs, String text, String reasoningText, List<dev.llmh.check.CheckOutcome> checks,
        List<dev.llmh.measure.ToolCall> toolCalls) {
      this(startMs, ttftMs, tpotMs, e2eMs, endMs, chunkMs, promptTokens, outputTokens, finishReason, flags, error, ttfoMs,
          chunkCount, reasoningChunks, serverTimings, retryAfter, turn, scheduledMs, text, reasoningText, checks, toolCalls,
          null);
    }

    /** Without tool calls, not judged. */
    public SampleRecord(
        Double startMs, Double ttftMs, Double tpotMs, Double e2eMs, Double endMs, List<Double> chunkMs,
        Integer promptTokens, Integer outputTokens, String finishReason, List<String> flags, String error, Double ttfoMs,
        Integer chunkCount, Integer reasoningChunks, Map<String, Double> serverTimings, String retryAfter, Integer turn,
        Double scheduledMs, String text, String reasoningText, List<dev.llmh.check.CheckOutcome> checks) {
      this(startMs, ttftMs, tpotMs, e2eMs, endMs, chunkMs, promptTokens, outputTokens, finishReason, flags, error, ttfoMs,
          chunkCount, reasoningChunks, serverTimings, retryAfter, turn, scheduledMs, text, reasoningText, checks, null);
    }

    /** This sample with what the judge made of its answer. */
    public SampleRecord withJudge(SampleJudge j) {
      return new SampleRecord(startMs, ttftMs, tpotMs, e2eMs, endMs, chunkMs, promptTokens, outputTokens, finishReason,
          flags, error, ttfoMs, chunkCount, reasoningChunks, serverTimings, retryAfter, turn, scheduledMs, text,
          reasoningText, checks, toolCalls, j);
    }

    /** Without the generated text and checks. */
    public SampleRecord(
        Double startMs, Double ttftMs, Double tpotMs, Double e2eMs, Double endMs, List<Double> chunkMs,
        Integer promptTokens, Integer outputTokens, String finishReason, List<String> flags, String error, Double ttfoMs,
        Integer chunkCount, Integer reasoningChunks, Map<String, Double> serverTimings, String retryAfter, Integer turn,
        Double scheduledMs) {
      this(startMs, ttftMs, tpotMs, e2eMs, endMs, chunkMs, promptTokens, outputTokens, finishReason, flags, error, ttfoMs,
          chunkCount, reasoningChunks, serverTimings, retryAfter, turn, scheduledMs, null, null, null);
    }

    /** Not sent on a schedule (closed loop). */
    public SampleRecord(
        Double startMs, Double ttftMs, Double tpotMs, Double e2eMs, Double endMs, List<Double> chunkMs,
        Integer promptTokens, Integer outputTokens, String finishReason, List<String> flags, String error, Double ttfoMs,
        Integer chunkCount, Integer reasoningChunks, Map<String, Double> serverTimings, String retryAfter, Integer turn) {
      this(startMs, ttftMs, tpotMs, e2eMs, endMs, chunkMs, promptTokens, outputTokens, finishReason, flags, error, ttfoMs,
          chunkCount, reasoningChunks, serverTimings, retryAfter, turn, null);
    }

    /** A request that is no conversation's turn. */
    public SampleRecord(
        Double startMs, Double ttftMs, Double tpotMs, Double e2eMs, Double endMs, List<Double> chunkMs,
        Integer promptTokens, Integer outputTokens, String finishReason, List<String> flags, String error, Double ttfoMs,
        Integer chunkCount, Integer reasoningChunks, Map<String, Double> serverTimings, String retryAfter) {
      this(startMs, ttftMs, tpotMs, e2eMs, endMs, chunkMs, promptTokens, outputTokens, finishReason, flags, error, ttfoMs,
          chunkCount, reasoningChunks, serverTimings, retryAfter, null);
    }

    public SampleRecord(
        Double startMs, Double ttftMs, Double tpotMs, Double e2eMs, Double endMs, List<Double> chunkMs,
        Integer promptTokens, Integer outputTokens, String finishReason, List<String> flags, String error) {
      this(startMs, ttftMs, tpotMs, e2eMs, endMs, chunkMs, promptTokens, outputTokens, finishReason, flags, error,
          null, null, null, null, null);
    }
  }
}
