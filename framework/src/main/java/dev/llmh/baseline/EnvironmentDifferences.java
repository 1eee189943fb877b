package dev.llmh.baseline;

import dev.llmh.environment.RunEnvironment;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Two runs' environments, compared leaf by leaf: each difference is named by its path ({@code
 * servers[0].version}) with both values, so a reader sees which fact of the machine or server
 * changed. What belongs to one run rather than to the machine is never a difference:
 *
 * <ul>
 *   <li>the top-level readings of {@link RunEnvironment#PER_RUN} (the load averages);
 *   <li>keys named as per-process or per-moment readings at any depth ({@link #PER_RUN_LEAVES});
 *   <li>the port of a loopback URL, in any text: an embedded or simulated server listens on a port
 *       the operating system picks for each run.
 * </ul>
 *
 * A key only one side records is left out: a later LLMH records more (the gpus of issue 14).
 */
public final class EnvironmentDifferences {
  /** Keys whose values are readings of one process or one moment wherever they appear. */
  public static final Set<String> PER_RUN_LEAVES = Set.of("pid", "pids", "port", "startedAt", "finishedAt", "timestamp", "rtt_ms");
  private static final Pattern LOOPBACK_PORT = Pattern.compile("(//(?:127\\.0\\.0\\.1|localhost|\\[::1\\])):\\d+");

  private EnvironmentDifferences() {}

  /** Every differing leaf as "path before → now"; empty when none, or when either side is absent. */
  public static List<String> of(Map<String, Object> before, Map<String, Object> now) {
    List<String> differences = new ArrayList<>();
    if (before == null || now == null) {
      return differences;
    }
    for (String key : now.keySet()) {
      if (before.containsKey(key) && !RunEnvironment.PER_RUN.contains(key)) {
        compare(key, before.get(key), now.get(key), differences);
      }
    }
    return differences;
  }

  private static void compare(String path, Object a, Object b, List<String> out) {
    if (a instanceof Map<?, ?> ma && b instanceof Map<?, ?> mb) {
      for (Map.Entry<?, ?> entry : mb.entrySet()) {
        String key = String.valueOf(entry.getKey());
        if (ma.containsKey(entry.getKey()) && !PER_RUN_LEAVES.contains(key)) {
          compare(path + "." + key, ma.get(entry.getKey()), entry.getValue(), out);
        }
      }
    } else if (a instanceof List<?> la && b instanceof List<?> lb && la.size() == lb.size() && hasStructure(la, lb)) {
      for (int i = 0; i < la.size(); i++) {
        compare(path + "[" + i + "]", la.get(i), lb.get(i), out);
      }
    } else {
      String before = text(a);
      String now = text(b);
      if (!before.equals(now)) {
        out.add(path + " " + before + " → " + now);
      }
    }
  }

  /** Lists of maps or lists are walked by index; a list of plain values is one value. */
  private static boolean hasStructure(List<?> a, List<?> b) {
    return a.stream().anyMatch(v -> v instanceof Map || v instanceof List)
        || b.stream().anyMatch(v -> v instanceof Map || v instanceof List);
  }

  private static String text(Object value) {
    return LOOPBACK_PORT.matcher(String.valueOf(value)).replaceAll("$1:<port>");
  }
}
