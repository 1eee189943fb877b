package dev.llmh.result;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;

/**
 * One case's record: what was asked, what served it, every measured request, the statistics and
 * the verdicts.
 *
 * @param caseName the prompt's case name (JSON {@code case})
 * @param promptCache how prompts were made cache-proof: {@code unique-prefix} (default)
 * @param error why the case could not run at all (endpoint unreachable, prompt threw), else null
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
    String error) {

  /** Metric keys in {@link #metrics()}. */
  public static final String TTFT = "ttft_ms";
  public static final String TPOT = "tpot_ms";
  public static final String ITL = "itl_ms";
  public static final String E2E = "e2e_ms";
  public static final String OUTPUT_TOKENS = "output_tokens";

  /**
   * @param url the URL requests went to
   * @param embedded true when LLMH started the server itself (embedded engine or simulator)
   * @param ownedBy what the server's model listing said owns the model (names llama.cpp, vLLM...)
   * @param server what the server said about its engine and model (the listing's {@code meta}):
   *     for the embedded server the engine and version, the model file's name, size, sha256 and shape
   */
  public record EndpointRecord(
      String url, boolean embedded, String requestedModel, String servedModel, String ownedBy,
      Map<String, Object> server) {}

  public record Settings(int maxTokens, double temperature, long seed) {}

  public record Requests(int warmup, int warmupFailed, int measured, int succeeded, int failed) {}

  /**
   * @param wallMs last measured completion − first measured send
   */
  public record Throughput(
      @JsonProperty("output_tokens_per_s") Double outputTokensPerSecond,
      @JsonProperty("requests_per_s") Double requestsPerSecond,
      @JsonProperty("wall_ms") Double wallMs) {}

  /**
   * @param observed in {@code unit}, the metric's canonical unit; null when there was nothing to judge
   */
  public record ConstraintRecord(
      String expression, Double observed, Double budget, String unit, String verdict, String message) {}

  /**
   * One measured request. Times in ms: {@code start_ms} from the first measured send, the others
   * from this request's own send; {@code chunk_ms} is when each chunk carrying generated text
   * arrived.
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
      String error) {}
}
