package dev.llmh.client;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The size of a served model's weights as its server reports it, and where that was read; or why
 * the server does not tell.
 *
 * @param bytes the size in bytes, or null when unknown
 * @param source {@code gguf} (the embedded server's model file on disk, or llama.cpp's {@code meta.size}: its
 *     GGUF's tensors) or {@code ollama} (the
 *     model's size in Ollama's {@code /api/tags}); null when unknown
 * @param unknown why there is no size, else null
 * @param lasting false when asking later may tell (a model the server has not loaded yet)
 */
public record ModelBytes(Long bytes, String source, String unknown, boolean lasting) {

  public static final String GGUF = "gguf";
  public static final String OLLAMA = "ollama";

  public static ModelBytes of(long bytes, String source) {
    return new ModelBytes(bytes, source, null, true);
  }

  public static ModelBytes unknown(String reason) {
    return new ModelBytes(null, null, reason, true);
  }

  /** Unknown now, but a later look may tell. */
  public static ModelBytes notYet(String reason) {
    return new ModelBytes(null, null, reason, false);
  }

  /** The size of {@code model} in an Ollama {@code /api/tags} body, or why there is none. */
  public static ModelBytes fromOllamaTags(JsonNode tags, String model) {
    if (model == null) {
      return unknown("no model named: Ollama serves several, and the physics check needs the one asked for");
    }
    if (tags == null) {
      return unknown("Ollama's /api/tags did not answer");
    }
    Long size = ollamaSize(tags, model);
    return size == null ? unknown("Ollama's /api/tags lists no size for model '" + model + "'") : of(size, OLLAMA);
  }

  /**
   * {@code models[].size} of the model named {@code model} in an Ollama {@code /api/tags} body; a
   * name without a tag is Ollama's {@code :latest}. Null when the listing has no such model or no size.
   */
  static Long ollamaSize(JsonNode tags, String model) {
    JsonNode entry = ollamaEntry(tags, model);
    return entry != null && entry.path("size").canConvertToLong() && entry.path("size").asLong() > 0
        ? entry.path("size").asLong() : null;
  }

  /**
   * The entry of the model named {@code model} in an Ollama {@code /api/tags} body (a name without a
   * tag is Ollama's {@code :latest}), or null when the listing has none.
   */
  public static JsonNode ollamaEntry(JsonNode tags, String model) {
    if (tags == null || model == null || model.isBlank()) {
      return null;
    }
    String wanted = model.strip();
    String tagged = wanted.contains(":") ? wanted : wanted + ":latest";
    for (JsonNode entry : tags.path("models")) {
      String name = entry.path("name").asText("");
      String id = entry.path("model").asText("");
      if (name.equals(wanted) || name.equals(tagged) || id.equals(wanted) || id.equals(tagged)) {
        return entry;
      }
    }
    return null;
  }
}
