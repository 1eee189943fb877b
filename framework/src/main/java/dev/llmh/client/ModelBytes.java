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
 * @param rule how the bytes were counted ({@link DecodeBytes}'s rule per tensor); null for a size
 *     taken whole (a file's, a declared figure)
 */
public record ModelBytes(Long bytes, String source, String unknown, boolean lasting, String rule) {

  public static final String GGUF = "gguf";
  public static final String OLLAMA = "ollama";

  /** A size taken whole, as the server or the user gives it. */
  public static ModelBytes of(long bytes, String source) {
    return new ModelBytes(bytes, source, null, true, null);
  }

  /** The bytes a decode step reads, counted by {@code rule}. */
  public static ModelBytes of(long bytes, String source, String rule) {
    return new ModelBytes(bytes, source, null, true, rule);
  }

  public static ModelBytes unknown(String reason) {
    return new ModelBytes(null, null, reason, true, null);
  }

  /** Unknown now, but a later look may tell. */
  public static ModelBytes notYet(String reason) {
    return new ModelBytes(null, null, reason, false, null);
  }

  /**
   * The bytes a decode step reads per {@link DecodeBytes}' rule from the {@code tensors} ({@code name},
   * {@code type}, {@code shape}) of an Ollama {@code /api/show} body; null when it lists none.
   */
  public static ModelBytes fromOllamaShow(JsonNode show) {
    JsonNode listed = show == null ? null : show.path("tensors");
    if (listed == null || !listed.isArray() || listed.isEmpty()) {
      return null;
    }
    java.util.List<DecodeBytes.Tensor> tensors = new java.util.ArrayList<>();
    for (JsonNode t : listed) {
      long[] shape = new long[t.path("shape").size()];
      for (int d = 0; d < shape.length; d++) {
        shape[d] = t.path("shape").path(d).asLong();
      }
      tensors.add(new DecodeBytes.Tensor(t.path("name").asText(), t.path("type").asText(), shape));
    }
    return DecodeBytes.of(tensors, OLLAMA);
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

  /**
   * {@code meta.modelBytes} (the embedded server) or {@code meta.size} (llama.cpp) of {@code
   * model}'s entry (the first one when null) in a {@code /models} listing; not yet known for a model the embedded server lists but has not loaded; null when the
   * listing does not tell.
   */
  static ModelBytes fromListing(JsonNode listing, String model) {
    JsonNode entry = null;
    for (JsonNode candidate : listing == null ? com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.arrayNode() : listing.path("data")) {
      if (model == null || model.equals(candidate.path("id").asText())) {
        entry = candidate;
        break;
      }
    }
    if (entry == null) {
      return null;
    }
    JsonNode meta = entry.path("meta");
    // llama.cpp's llama-server gives its weights' bytes as meta.size (llama_model_size).
    JsonNode size = "llamacpp".equals(entry.path("owned_by").asText()) ? meta.path("size") : meta.path("modelBytes");
    if (size.canConvertToLong() && size.asLong() > 0) {
      return ModelBytes.of(size.asLong(), ModelBytes.GGUF);
    }
    if (!meta.path("loaded").asBoolean(true)) {
      return ModelBytes.notYet("the server has not loaded '" + entry.path("id").asText()
          + "' yet (the embedded server loads a model on its first request): ask after the case's warm-up");
    }
    return null;
  }

  /** {@code meta.modelFile} of {@code model}'s entry (the first one when null) in a {@code /models} listing. */
  static java.util.Optional<String> listedFile(JsonNode listing, String model) {
    for (JsonNode entry : listing == null ? com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.arrayNode() : listing.path("data")) {
      if ((model == null || model.equals(entry.path("id").asText())) && entry.path("meta").hasNonNull("modelFile")) {
        return java.util.Optional.of(entry.path("meta").path("modelFile").asText());
      }
    }
    return java.util.Optional.empty();
  }
}
