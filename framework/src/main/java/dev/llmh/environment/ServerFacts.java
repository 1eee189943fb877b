package dev.llmh.environment;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one server said about itself, gathered route by route, as one entry of {@code
 * environment.servers}. The items a reader decides from — the server's version and, per model
 * measured, its file, digest, quantisation, parameter size, family and context length — are each
 * either known or listed under the entry's {@code notMeasured} with the reason; never a zero or an
 * empty string for an unknown.
 */
final class ServerFacts {
  static final String VERSION = "server version";
  /** The per-model items, by the key a known value is recorded under. */
  static final Map<String, String> MODEL_ITEMS = itemLabels();

  private final Map<String, Object> fields = new LinkedHashMap<>();
  private final Map<String, Map<String, Object>> models = new LinkedHashMap<>();
  /** Why an item is unknown: by label, or by model then label. */
  private final Map<String, String> reasons = new LinkedHashMap<>();
  private final Map<String, String> modelReasons = new LinkedHashMap<>();
  private final List<String> notes = new ArrayList<>();
  /** What was asked, for the default reason of an item nothing reported, e.g. "Ollama's /api/show". */
  private String askedWhat = "the server";

  ServerFacts(String endpoint, String api, String kind) {
    fields.put("endpoint", endpoint);
    fields.put("api", api);
    fields.put("kind", kind);
  }

  private static Map<String, String> itemLabels() {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put("file", "model file");
    labels.put("digest", "model digest");
    labels.put("quantization", "quantisation");
    labels.put("parameterSize", "parameter size");
    labels.put("family", "model family");
    labels.put("contextLength", "context length");
    return labels;
  }

  /** What the items came from, for the reason of those it did not report. */
  ServerFacts askedWhat(String what) {
    askedWhat = what;
    return this;
  }

  /** A server-level fact, kept only when it is a value: a blank text or a number not above zero is unknown. */
  ServerFacts put(String key, Object value) {
    if (known(value)) {
      fields.put(key, value);
    }
    return this;
  }

  /** The server's version, {@code field} of {@code answer} (from {@code route}), or why there is none. */
  void version(dev.llmh.client.ServerAnswer answer, String field, String route) {
    if (!answer.answered()) {
      unknown(VERSION, answer.unavailable());
      return;
    }
    put("version", JsonFacts.text(answer.json().get(field)));
    if (!has("version")) {
      unknown(VERSION, route + " has no " + field);
    }
  }

  boolean has(String key) {
    return fields.containsKey(key);
  }

  /** A model the run measured, listed even when nothing is learnt of it. */
  void model(String model) {
    models.computeIfAbsent(model, m -> {
      Map<String, Object> entry = new LinkedHashMap<>();
      entry.put("model", m);
      return entry;
    });
  }

  /** A fact of {@code model}, kept only when it is a value. */
  ServerFacts putModel(String model, String key, Object value) {
    model(model);
    if (known(value)) {
      models.get(model).put(key, value);
    }
    return this;
  }

  /** Why {@code item} (a server-level label, such as {@link #VERSION}) is unknown; the first reason given stands. */
  void unknown(String item, String reason) {
    reasons.putIfAbsent(item, reason);
  }

  /** Why every item of {@code model} not yet known is unknown (its route failed, or it is not listed). */
  void modelUnknown(String model, String reason) {
    model(model);
    modelReasons.putIfAbsent(model, reason);
  }

  /** Something not learnt that is none of the standard items (e.g. which model was asked for). */
  void note(String notMeasured) {
    notes.add(notMeasured);
  }

  static boolean known(Object value) {
    if (value == null) {
      return false;
    }
    if (value instanceof String text) {
      return !text.isBlank();
    }
    if (value instanceof Number number) {
      return number.doubleValue() > 0;
    }
    return true;
  }

  /** The entry as the results file records it. */
  Map<String, Object> toMap() {
    Map<String, Object> out = new LinkedHashMap<>(fields);
    List<String> notMeasured = new ArrayList<>();
    if (!fields.containsKey("version")) {
      notMeasured.add(VERSION + ": " + reasons.getOrDefault(VERSION, "not reported by " + askedWhat));
    }
    reasons.forEach((item, reason) -> {
      if (!item.equals(VERSION)) {
        notMeasured.add(item + ": " + reason);
      }
    });
    for (Map.Entry<String, Map<String, Object>> model : models.entrySet()) {
      MODEL_ITEMS.forEach((key, label) -> {
        if (!model.getValue().containsKey(key)) {
          notMeasured.add(label + " (" + model.getKey() + "): "
              + modelReasons.getOrDefault(model.getKey(), "not reported by " + askedWhat));
        }
      });
    }
    notMeasured.addAll(notes);
    out.put("models", List.copyOf(models.values()));
    out.put("notMeasured", notMeasured);
    return out;
  }
}
