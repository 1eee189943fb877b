package dev.llmh.compare;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a server said of one generated token position: the token it chose and the natural-log
 * probabilities of its top tokens there.
 *
 * @param token the token generated at this position (greedy: the most likely one)
 * @param top the top tokens' log-probabilities, most likely first, as the server listed them
 */
public record TokenLogprobs(String token, Map<String, Double> top) {
  public TokenLogprobs {
    top = Collections.unmodifiableMap(new LinkedHashMap<>(top));
  }

  /** The most likely token by the listed log-probabilities; null when none is listed. */
  public String mostLikely() {
    String best = null;
    double bestLogprob = Double.NEGATIVE_INFINITY;
    for (Map.Entry<String, Double> e : top.entrySet()) {
      if (best == null || e.getValue() > bestLogprob) {
        best = e.getKey();
        bestLogprob = e.getValue();
      }
    }
    return best;
  }
}
