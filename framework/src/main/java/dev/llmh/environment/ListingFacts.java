package dev.llmh.environment;

import com.fasterxml.jackson.databind.JsonNode;
import dev.llmh.client.ServerAnswer;
import java.util.List;

/**
 * What OpenAI-compatible servers say of themselves beside the model listing: llama.cpp's {@code GET
 * /props} and {@code /v1/models} {@code meta}, vLLM's {@code GET /version} and {@code /v1/models}
 * ({@code root}, {@code max_model_len}), and the embedded server's {@code /v1/models} {@code meta}.
 */
final class ListingFacts {
  static final String LLAMA_CPP = "llama.cpp's /props and /v1/models";
  static final String VLLM = "vLLM's /version and /v1/models";
  static final String EMBEDDED = "the embedded server's /v1/models";

  private ListingFacts() {}

  /**
   * llama.cpp's {@code /props}: {@code build_info} (e.g. {@code b5890-982e3472}), {@code model_path},
   * {@code total_slots} and the slots' context {@code default_generation_settings.n_ctx}; the model
   * is the listing's first (llama-server serves one), or {@code model} when the listing failed.
   */
  static void llamaCppProps(ServerFacts facts, String model, ServerAnswer props) {
    facts.version(props, "build_info", "/props");
    if (!props.answered()) {
      facts.modelUnknown(model, props.unavailable());
      return;
    }
    JsonNode json = props.json();
    facts.put("slots", JsonFacts.number(json.get("total_slots")));
    Long nCtx = JsonFacts.number(json.path("default_generation_settings").get("n_ctx"));
    facts.putModel(model, "file", JsonFacts.text(json.get("model_path")))
        .putModel(model, "contextLength", nCtx != null ? nCtx : JsonFacts.number(json.get("n_ctx")));
  }

  /** llama.cpp's listing {@code meta}: {@code n_ctx_train}, {@code n_params}, {@code size} (its weights' bytes). */
  static void llamaCppMeta(ServerFacts facts, String model, JsonNode entry) {
    JsonNode meta = entry.path("meta");
    Long parameters = JsonFacts.number(meta.get("n_params"));
    facts.putModel(model, "parameterSize", JsonFacts.parameterSize(parameters))
        .putModel(model, "parameterCount", parameters)
        .putModel(model, "trainedContextLength", JsonFacts.number(meta.get("n_ctx_train")))
        .putModel(model, "bytes", JsonFacts.number(meta.get("size")));
  }

  /** vLLM's {@code /version}: {@code {"version":"0.8.4"}}. */
  static void vllmVersion(ServerFacts facts, ServerAnswer answer) {
    facts.version(answer, "version", "/version");
  }

  /** vLLM's listing entry: {@code root} (the weights' path or Hugging Face id), {@code max_model_len}, {@code parent}. */
  static void vllmModel(ServerFacts facts, String model, JsonNode entry) {
    facts.putModel(model, "file", JsonFacts.text(entry.get("root")))
        .putModel(model, "contextLength", JsonFacts.number(entry.get("max_model_len")))
        .putModel(model, "parent", JsonFacts.text(entry.get("parent")));
  }

  /**
   * The embedded server's listing entry {@code meta}, once a request has loaded the model: engine
   * and version, model file, sha256, bytes, tensor type, architecture, shape, slots and slot context.
   */
  static void embeddedModel(ServerFacts facts, String model, JsonNode entry) {
    JsonNode meta = entry.path("meta");
    if (!meta.path("loaded").asBoolean(false)) {
      facts.modelUnknown(model, "the embedded server had not loaded it");
      return;
    }
    facts.put("engine", JsonFacts.text(meta.get("engine")))
        .put("version", JsonFacts.text(meta.get("engineVersion")))
        .put("slots", JsonFacts.number(meta.get("slots")));
    facts.putModel(model, "file", JsonFacts.text(meta.get("modelFile")))
        .putModel(model, "digest", sha256(JsonFacts.text(meta.get("modelSha256"))))
        .putModel(model, "bytes", JsonFacts.number(meta.get("modelBytes")))
        .putModel(model, "quantization", JsonFacts.text(meta.get("tensorType")))
        .putModel(model, "family", JsonFacts.text(meta.get("architecture")))
        .putModel(model, "contextLength", JsonFacts.number(meta.get("slotContext")))
        .putModel(model, "shape", JsonFacts.text(meta.get("modelShape")));
  }

  private static String sha256(String hex) {
    return hex == null ? null : "sha256:" + hex;
  }

  /**
   * The entry of {@code model} in an OpenAI {@code /v1/models} body; for a null {@code model} (the
   * server's default), or a listing of one model, the first. Null when it is not listed.
   */
  static JsonNode entry(JsonNode listing, String model) {
    List<JsonNode> data = new java.util.ArrayList<>();
    listing.path("data").forEach(data::add);
    if (model == null) {
      return data.isEmpty() ? null : data.get(0);
    }
    // A server of one model answers any name as itself: its one entry is what served.
    return data.stream().filter(e -> model.equals(e.path("id").asText())).findFirst()
        .orElse(data.size() == 1 ? data.get(0) : null);
  }
}
