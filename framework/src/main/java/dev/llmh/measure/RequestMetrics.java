package dev.llmh.measure;

import java.util.ArrayList;
import java.util.List;

/**
 * One request's metrics, as ARCHITECTURE.md §3 defines them (vLLM {@code bench serve} semantics).
 * Times in milliseconds; a metric the request cannot define is NaN (TPOT needs two tokens).
 *
 * @param ttftMs t1 − t0: first chunk carrying generated text
 * @param e2eMs tK − t0: last chunk carrying generated text
 * @param tpotMs (E2E − TTFT) / (N − 1), for N ≥ 2
 * @param itlMs each raw gap between consecutive text chunks (a chunk may carry several tokens)
 * @param outputTokens N: the server's usage when reported, else the text-chunk count
 * @param tokensEstimated true when N is the chunk count because the server sent no usage
 */
public record RequestMetrics(
    double ttftMs, double e2eMs, double tpotMs, List<Double> itlMs, int outputTokens, boolean tokensEstimated) {

  public static final String FLAG_ESTIMATED_TOKENS = "estimated_tokens";
  public static final String FLAG_NO_TEXT = "no_text";

  public static RequestMetrics of(RequestSample sample) {
    List<Long> chunks = sample.textChunkNanos();
    boolean estimated = sample.usageOutputTokens() == null;
    int tokens = estimated ? chunks.size() : sample.usageOutputTokens();
    if (chunks.isEmpty()) {
      return new RequestMetrics(Double.NaN, Double.NaN, Double.NaN, List.of(), tokens, estimated);
    }
    double ttft = millis(chunks.get(0) - sample.startNanos());
    double e2e = millis(chunks.get(chunks.size() - 1) - sample.startNanos());
    double tpot = tokens >= 2 ? (e2e - ttft) / (tokens - 1) : Double.NaN;
    List<Double> gaps = new ArrayList<>(chunks.size() - 1);
    for (int k = 1; k < chunks.size(); k++) {
      gaps.add(millis(chunks.get(k) - chunks.get(k - 1)));
    }
    return new RequestMetrics(ttft, e2e, tpot, List.copyOf(gaps), tokens, estimated);
  }

  /** Flags a person reading the sample should see. */
  public List<String> flags() {
    List<String> flags = new ArrayList<>();
    if (tokensEstimated) {
      flags.add(FLAG_ESTIMATED_TOKENS);
    }
    if (Double.isNaN(ttftMs)) {
      flags.add(FLAG_NO_TEXT);
    }
    return flags;
  }

  static double millis(long nanos) {
    return nanos / 1_000_000.0;
  }
}
