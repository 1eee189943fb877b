package dev.llmh.analysis;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * What a {@code @Conversation} case records besides the figures of all its turns pooled: how many
 * conversations ended how, each turn's figures, and the fit of TPOT against the context.
 */
public record ConversationResult(Counts counts, List<Turn> turns, ContextFit contextFit) {

  public ConversationResult {
    turns = List.copyOf(turns);
  }

  /**
   * @param turns turns per conversation, as declared
   * @param measured conversations measured: the case's requests
   * @param completed conversations whose every turn succeeded
   * @param failed conversations ended by a failed turn (its request, with its reason, is among the
   *     samples; the turns after it were not sent)
   */
  public record Counts(int turns, int measured, int completed, int failed) {}

  /**
   * One turn's figures over the conversations that reached it, from its succeeded requests.
   *
   * @param n succeeded requests of this turn
   * @param promptTokensP50 the server's prompt tokens (history and new message), or null when it gave none
   */
  public record Turn(
      int turn, int n, @JsonProperty("prompt_tokens_p50") Double promptTokensP50, @JsonProperty("ttft_ms_p50") Double ttftMsP50,
      @JsonProperty("tpot_ms_p50") Double tpotMsP50) {}

  /**
   * The least-squares line {@code tpot_ms = intercept_ms + slope_ms_per_token × context_tokens}
   * through every succeeded turn's request: decode slowing as the KV cache grows. The context is the turn's prompt tokens as the server counted them. When no line
   * could be fitted, every figure is null and {@code notMeasured} says why.
   *
   * @param ci the slope's 95% interval, {@code [lo, hi]}
   */
  public record ContextFit(
      String x, String y, Integer n,
      @JsonProperty("slope_ms_per_token") Double slopeMsPerToken,
      @JsonProperty("intercept_ms") Double interceptMs,
      Double r2,
      List<Double> ci,
      @JsonProperty("not_measured") @JsonInclude(JsonInclude.Include.NON_NULL) String notMeasured) {

    public static final String X = "context_tokens";
    public static final String Y = "tpot_ms";

    public static ContextFit notMeasured(String reason) {
      return new ContextFit(X, Y, null, null, null, null, null, reason);
    }
  }
}
