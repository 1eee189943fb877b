package dev.llmh.reports;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmh.environment.RunEnvironment;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Results files of sharded jobs as one record. It works on the JSON tree, not on {@code RunRecord},
 * so that a field this version does not know is carried over rather than dropped.
 *
 * <ul>
 *   <li>{@code results}, {@code fits} and {@code saturation} are concatenated in file order; every
 *       {@link #UNITED} list ({@code notMeasured}, {@code servers}), and any other top-level list, is
 *       united (each distinct element once).
 *   <li>Everything else describes the run's conditions and must agree: {@code schemaVersion},
 *       {@code statistics}, each {@code environment} key both files record, and the {@code settings}
 *       and server {@code options} of a scenario whose cases are in several files. A key only some
 *       files record is taken from the first that does. A case in two files is a conflict too.
 *   <li>Per-run readings ({@link #perRun}: the load averages) are never compared: the merged
 *       record keeps the first file's, and {@code environment.mergedFrom} lists each file with its own,
 *       its start, end and case count.
 *   <li>{@code run} spans the earliest start to the latest end; it is complete when every file is.
 * </ul>
 *
 * A conflict refuses the merge with one line naming the key, unless forced: then the first file's
 * value is kept and {@code environment.mergeConflicts} lists every conflict.
 */
final class RunMerge {
  static final String MERGED_FROM = "mergedFrom";
  static final String MERGE_CONFLICTS = "mergeConflicts";
  private static final List<String> CONCATENATED = List.of("results", "fits", "saturation");
  /**
   * Lists united wherever they are: what was not measured, and what each endpoint said about itself
   * ({@code environment.servers}): shards that measured other servers or models describe other ones.
   */
  private static final Set<String> UNITED = Set.of("notMeasured", "servers");
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  /** One input file: its name as given, and its tree. */
  record Shard(String name, ObjectNode record) {}

  private final boolean force;
  private final List<String> conflicts = new ArrayList<>();
  /** Which file each merged value came from, by JSON path; a path not listed came from the first file. */
  private final Map<String, String> owners = new HashMap<>();
  private final Map<String, String> caseOwners = new HashMap<>();
  private final Map<String, ObjectNode> scenarioSettings = new HashMap<>();
  private final Map<String, String> scenarioOwners = new HashMap<>();

  private RunMerge(boolean force) {
    this.force = force;
  }

  static ObjectNode merge(List<Shard> shards, boolean force) throws UsageException {
    return new RunMerge(force).run(shards);
  }

  /**
   * A reading of the moment rather than a property of the machine or the configuration: two jobs on
   * identical machines still differ in it.
   */
  static boolean perRun(String key) {
    return RunEnvironment.PER_RUN.contains(key) || key.equals(MERGED_FROM) || key.equals(MERGE_CONFLICTS);
  }

  private ObjectNode run(List<Shard> shards) throws UsageException {
    Shard first = shards.get(0);
    ObjectNode merged = first.record().deepCopy();
    if (!merged.path("environment").isObject()) {
      merged.set("environment", JSON.objectNode());
    }
    ObjectNode environment = (ObjectNode) merged.get("environment");
    Map<String, ArrayNode> concatenated = new TreeMap<>();
    CONCATENATED.forEach(key -> concatenated.put(key, JSON.arrayNode()));
    ArrayNode mergedFrom = JSON.arrayNode();
    ArrayNode forcedBefore = JSON.arrayNode();
    String startedAt = null;
    String finishedAt = null;
    boolean complete = true;
    for (Shard shard : shards) {
      ObjectNode record = shard.record();
      if (shard != first) {
        compareFields("", merged, record, shard.name(), first.name());
      }
      for (String key : CONCATENATED) {
        for (JsonNode element : iterable(record.get(key))) {
          if (key.equals("results")) {
            checkCase(element, shard.name());
          }
          concatenated.get(key).add(element.deepCopy());
        }
      }
      JsonNode run = record.path("run");
      startedAt = first(startedAt, run.path("startedAt").asText(null), true);
      finishedAt = first(finishedAt, run.path("finishedAt").asText(null), false);
      complete &= run.path("complete").asBoolean(false);
      JsonNode ownEnvironment = record.path("environment");
      if (ownEnvironment.path(MERGED_FROM).isArray()) {
        ownEnvironment.path(MERGED_FROM).forEach(entry -> mergedFrom.add(entry.deepCopy())); // a merged file's own shards
      } else {
        mergedFrom.add(entry(shard, run, record, ownEnvironment));
      }
      ownEnvironment.path(MERGE_CONFLICTS).forEach(forcedBefore::add);
    }
    concatenated.forEach(merged::set);
    if (!merged.path("run").isObject()) {
      merged.set("run", JSON.objectNode());
    }
    ObjectNode run = (ObjectNode) merged.get("run");
    run.put("startedAt", startedAt);
    run.put("finishedAt", finishedAt);
    run.put("complete", complete);
    environment.set(MERGED_FROM, mergedFrom);
    ArrayNode allConflicts = forcedBefore.deepCopy();
    conflicts.forEach(allConflicts::add);
    if (allConflicts.isEmpty()) {
      environment.remove(MERGE_CONFLICTS);
    } else {
      environment.set(MERGE_CONFLICTS, allConflicts);
    }
    return merged;
  }

  /** Every field of {@code other} against the merged one at {@code path}: lists united, the rest must agree. */
  private void compareFields(String path, ObjectNode merged, ObjectNode other, String file, String firstFile) throws UsageException {
    for (Map.Entry<String, JsonNode> field : other.properties()) {
      String key = field.getKey();
      String at = path.isEmpty() ? key : path + "." + key;
      JsonNode value = field.getValue();
      if ((path.isEmpty() && (CONCATENATED.contains(key) || key.equals("run"))) || perRun(key)) {
        continue;
      }
      JsonNode existing = merged.get(key);
      if (existing == null || existing.isNull()) {
        merged.set(key, value.deepCopy());
        owners.put(at, file);
      } else if (existing.isArray() && value.isArray() && (path.isEmpty() || UNITED.contains(key))) {
        unite((ArrayNode) existing, value);
      } else if (existing.isObject() && value.isObject()) {
        compareFields(at, (ObjectNode) existing, (ObjectNode) value, file, firstFile);
      } else if (!existing.equals(value) && !value.isNull()) {
        conflict(at + " differs: " + shortText(existing) + " in " + owner(at, firstFile) + ", " + shortText(value) + " in " + file);
      }
    }
  }

  /** A case in two files, or a scenario whose settings or server options differ between files. */
  private void checkCase(JsonNode result, String file) throws UsageException {
    String scenario = result.path("scenario").asText("?");
    JsonNode endpoint = result.path("endpoint");
    String model = endpoint.path("requestedModel").isTextual() ? endpoint.path("requestedModel").asText()
        : endpoint.path("servedModel").asText("?");
    String key = scenario + " " + result.path("caseId").asText("?") + " (model " + model + ")";
    String owner = caseOwners.putIfAbsent(key, file);
    if (owner != null) {
      conflict("case " + key + " is in both " + owner + " and " + file);
    }
    ObjectNode settings = JSON.objectNode();
    settings.set("settings", result.path("settings").deepCopy());
    settings.set("options", result.path("options").deepCopy());
    ObjectNode earlier = scenarioSettings.putIfAbsent(scenario, settings);
    if (earlier == null) {
      scenarioOwners.put(scenario, file);
    } else if (!earlier.equals(settings)) {
      String which = earlier.get("settings").equals(settings.get("settings")) ? "options" : "settings";
      conflict("the " + which + " of scenario " + scenario + " differ: " + shortText(earlier.get(which)) + " in "
          + scenarioOwners.get(scenario) + ", " + shortText(settings.get(which)) + " in " + file);
    }
  }

  private void conflict(String message) throws UsageException {
    if (!force) {
      throw new UsageException("merge: " + message + "; merge anyway with " + CliArgs.FORCE);
    }
    conflicts.add(message);
  }

  /** The file a value at {@code path} came from: the nearest enclosing path's owner, else the first file. */
  private String owner(String path, String firstFile) {
    for (String p = path; !p.isEmpty(); p = p.contains(".") ? p.substring(0, p.lastIndexOf('.')) : "") {
      if (owners.containsKey(p)) {
        return owners.get(p);
      }
    }
    return firstFile;
  }

  /** A shard as {@code environment.mergedFrom} lists it, with its own per-run readings. */
  private static ObjectNode entry(Shard shard, JsonNode run, ObjectNode record, JsonNode environment) {
    ObjectNode entry = JSON.objectNode();
    entry.put("file", shard.name());
    entry.set("startedAt", run.path("startedAt").deepCopy());
    entry.set("finishedAt", run.path("finishedAt").deepCopy());
    entry.put("complete", run.path("complete").asBoolean(false));
    entry.put("cases", record.path("results").size());
    ObjectNode readings = JSON.objectNode();
    collectPerRun("environment", environment, readings);
    if (!readings.isEmpty()) {
      entry.set("perRun", readings);
    }
    return entry;
  }

  private static void collectPerRun(String path, JsonNode node, ObjectNode readings) {
    node.properties().forEach(field -> {
      String at = path + "." + field.getKey();
      if (perRun(field.getKey()) && !field.getKey().equals(MERGED_FROM) && !field.getKey().equals(MERGE_CONFLICTS)) {
        readings.set(at, field.getValue().deepCopy());
      } else if (field.getValue().isObject()) {
        collectPerRun(at, field.getValue(), readings);
      }
    });
  }

  private static void unite(ArrayNode into, JsonNode from) {
    Set<JsonNode> present = new LinkedHashSet<>();
    into.forEach(present::add);
    from.forEach(element -> {
      if (present.add(element)) {
        into.add(element.deepCopy());
      }
    });
  }

  /**
   * Of two ISO-8601 instants, the earlier ({@code earlier}) or the later, compared as instants: as
   * text {@code …:05Z} would sort after {@code …:05.120Z}. Text that is no instant is kept as it is.
   */
  private static String first(String current, String candidate, boolean earlier) {
    if (candidate == null) {
      return current;
    }
    if (current == null) {
      return candidate;
    }
    try {
      return (java.time.Instant.parse(candidate).isBefore(java.time.Instant.parse(current))) == earlier ? candidate : current;
    } catch (java.time.format.DateTimeParseException e) {
      return current;
    }
  }

  private static String shortText(JsonNode value) {
    String text = value.toString();
    return text.length() <= 80 ? text : text.substring(0, 77) + "...";
  }

  private static Iterable<JsonNode> iterable(JsonNode node) {
    return node == null || !node.isArray() ? List.of() : node;
  }
}
