package dev.llmh.baseline;

import dev.llmh.load.PromptMarker;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What makes two cases comparable. The endpoint is identified by its kind, not its URL: the
 * embedded server and the simulator get a new port every run, and a remote URL may be a load
 * balancer in front of the same thing; what matters is the protocol spoken and the model served.
 *
 * @param endpointKind {@code embedded/<api>}, {@code simulated/<api>} or {@code remote/<api>}
 * @param promptCache {@code unique-prefix} or {@code shared-prefix}: a cached prefix changes TTFT as
 *     much as a different prompt; a baseline written before the mode existed was {@code unique-prefix}
 */
public record CaseKey(
    String scenario, String caseId, Map<String, String> params, String promptHash, String servedModel,
    String endpointKind, int maxTokens, double temperature, long seed, String promptCache) {

  public CaseKey {
    params = params == null ? Map.of() : new LinkedHashMap<>(params);
    promptCache = promptCache == null ? PromptMarker.MODE : promptCache;
  }

  /** Every way {@code baseline} differs from this case, as "what: baseline → this run"; empty when none. */
  public List<String> differencesFrom(CaseKey baseline) {
    List<String> differences = new ArrayList<>();
    difference(differences, "parameters", baseline.params, params);
    difference(differences, "prompt hash", shortHash(baseline.promptHash), shortHash(promptHash));
    difference(differences, "served model", baseline.servedModel, servedModel);
    difference(differences, "endpoint kind", baseline.endpointKind, endpointKind);
    difference(differences, "max tokens", baseline.maxTokens, maxTokens);
    difference(differences, "temperature", baseline.temperature, temperature);
    difference(differences, "seed", baseline.seed, seed);
    difference(differences, "prompt cache", baseline.promptCache, promptCache);
    return differences;
  }

  private static void difference(List<String> differences, String what, Object baseline, Object current) {
    if (!Objects.equals(baseline, current)) {
      differences.add(what + " " + baseline + " → " + current);
    }
  }

  private static String shortHash(String hash) {
    return hash == null || hash.length() < 12 ? hash : hash.substring(0, 12);
  }
}
