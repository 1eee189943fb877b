package dev.llmh.analysis;

import dev.llmh.constraint.Metric;
import dev.llmh.measure.RequestMetrics;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/** What the requests' flags tell a reader of the case's figures, one warning per kind, with counts. */
public final class Warnings {
  private Warnings() {}

  /** How many of {@code metrics} carry {@code flag}. */
  public static int count(List<RequestMetrics> metrics, java.util.function.Predicate<RequestMetrics> flag) {
    return (int) metrics.stream().filter(flag).count();
  }

  /** The metrics computed from token counts, by key, for a warning that names them. */
  public static String tokenMetrics() {
    return Arrays.stream(Metric.values()).filter(Metric::countsOutputTokens).map(Metric::key).collect(Collectors.joining(", "));
  }

  /**
   * @param succeeded the succeeded requests' metrics
   * @param counted those that count in the statistics (no model load)
   */
  public static List<String> of(List<RequestMetrics> succeeded, List<RequestMetrics> counted, int maxTokens) {
    List<String> warnings = new ArrayList<>();
    int n = succeeded.size();
    int modelLoad = count(succeeded, m -> m.caveats().modelLoad());
    if (modelLoad > 0) {
      warnings.add(modelLoad + " of " + n + " succeeded requests included a model load (server load time > "
          + (int) RequestMetrics.MODEL_LOAD_MS + " ms, flag model_load): kept in samples, left out of the statistics");
    }
    int noAnswer = count(succeeded, RequestMetrics::noAnswer);
    if (noAnswer > 0) {
      warnings.add(noAnswer + " of " + n + " succeeded requests never produced an answer chunk (flag no_answer):"
          + " the whole budget went to reasoning or no text came; raise @MaxTokens for a reasoning model");
    }
    int mismatched = count(succeeded, m -> m.caveats().usageChunkMismatch());
    if (mismatched > 0) {
      warnings.add(mismatched + " requests' usage differs from their text-chunk count (flag usage_chunk_mismatch):"
          + " chunks carried several tokens, so itl_ms is per chunk, not per token");
    }
    int implausible = count(succeeded, m -> m.caveats().usageImplausible());
    if (implausible > 0) {
      warnings.add(implausible + " of " + n + " succeeded requests reported more output tokens than their text could"
          + " hold (flag usage_implausible): their token counts are the chunk counts instead, and no budget on a figure"
          + " computed from token counts (" + tokenMetrics() + ") is judged PASS on them");
    }
    int exceeding = count(succeeded, m -> m.caveats().exceedsMaxTokens());
    if (exceeding > 0) {
      warnings.add(exceeding + " of " + n + " succeeded requests produced more than max_tokens = " + maxTokens
          + " (flag exceeds_max_tokens): the server ignored the limit, so they are not the workload asked for");
    }
    int invalidUtf8 = count(succeeded, m -> m.caveats().invalidUtf8());
    if (invalidUtf8 > 0) {
      warnings.add(invalidUtf8 + " of " + n + " succeeded requests' text held U+FFFD, the mark of bytes that were"
          + " not valid UTF-8 (flag invalid_utf8)");
    }
    if (!MetricValues.perTokenKnown(counted)) {
      warnings.add("per-token ITL unknown (metrics.itl_token_ms is null): the server did not confirm how many"
          + " tokens each chunk carried (per-chunk usage, or usage equal to the chunk count)");
    }
    if (counted.stream().anyMatch(m -> m.counts().tokensEstimated())) {
      warnings.add("the server sent no usage for some requests: their output tokens are chunk counts (flag estimated_tokens)");
    }
    return warnings;
  }
}
