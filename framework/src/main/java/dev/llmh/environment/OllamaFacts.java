package dev.llmh.environment;

import com.fasterxml.jackson.databind.JsonNode;
import dev.llmh.client.ModelBytes;
import dev.llmh.client.OllamaClient;
import dev.llmh.client.ServerAnswer;
import java.util.Iterator;
import java.util.Map;

/**
 * Ollama's description of itself: {@code GET /api/version} ({@code {"version":"0.6.2"}}), {@code
 * GET /api/tags} (each model's name, digest, size and details) and {@code POST /api/show} (a model's
 * details, {@code model_info} with its architecture's trained {@code context_length}, the
 * {@code num_ctx} its parameters set, and the weights' file its Modelfile's {@code FROM} names).
 */
final class OllamaFacts {
  static final String ASKED = "Ollama's /api/tags and /api/show";

  private OllamaFacts() {}

  static void version(ServerFacts facts, ServerAnswer answer) {
    facts.version(answer, "version", "/api/version");
  }

  /** {@code model}'s entry in the listing: digest, size on disk, and the details the listing repeats. */
  static void tags(ServerFacts facts, String model, ServerAnswer answer) {
    if (!answer.answered()) {
      return; // /api/show may still tell the details; the digest's reason then says the listing failed
    }
    JsonNode entry = ModelBytes.ollamaEntry(answer.json(), model);
    if (entry == null) {
      facts.modelUnknown(model, "Ollama's /api/tags does not list it");
      return;
    }
    String digest = JsonFacts.text(entry.get("digest"));
    // Ollama writes the hex of a sha256 alone; the record names the algorithm, as for the embedded server's file.
    facts.putModel(model, "digest", digest == null || digest.contains(":") ? digest : "sha256:" + digest)
        .putModel(model, "bytes", JsonFacts.number(entry.get("size")));
    details(facts, model, entry.path("details"));
  }

  /** {@code model}'s details, trained context and parameter count, and the context its parameters set. */
  static void show(ServerFacts facts, String model, ServerAnswer answer) {
    if (!answer.answered()) {
      facts.modelUnknown(model, answer.unavailable());
      return;
    }
    JsonNode show = answer.json();
    details(facts, model, show.path("details"));
    JsonNode info = show.path("model_info");
    String architecture = JsonFacts.text(info.get("general.architecture"));
    if (architecture != null) {
      facts.putModel(model, "contextLength", JsonFacts.number(info.get(architecture + ".context_length")));
    } else {
      // Without the architecture's name, the one key that ends so is the context.
      for (Iterator<Map.Entry<String, JsonNode>> it = info.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> field = it.next();
        if (field.getKey().endsWith(".context_length")) {
          facts.putModel(model, "contextLength", JsonFacts.number(field.getValue()));
        }
      }
    }
    facts.putModel(model, "parameterCount", JsonFacts.number(info.get("general.parameter_count")));
    facts.putModel(model, "numCtx", OllamaClient.numCtx(show.path("parameters").asText("")));
    facts.putModel(model, "file", weightsFile(show.path("modelfile").asText("")));
  }

  /** The weights' blob a Modelfile names ({@code FROM /root/.ollama/models/blobs/sha256-…}); null for a model name. */
  static String weightsFile(String modelfile) {
    for (String line : modelfile.split("\n")) {
      String stripped = line.strip();
      if (stripped.regionMatches(true, 0, "FROM ", 0, 5)) {
        String from = stripped.substring(5).strip();
        return from.startsWith("/") || from.matches("[A-Za-z]:\\\\.*") ? from : null;
      }
    }
    return null;
  }

  private static void details(ServerFacts facts, String model, JsonNode details) {
    facts.putModel(model, "family", JsonFacts.text(details.get("family")))
        .putModel(model, "parameterSize", JsonFacts.text(details.get("parameter_size")))
        .putModel(model, "quantization", JsonFacts.text(details.get("quantization_level")))
        .putModel(model, "format", JsonFacts.text(details.get("format")));
  }
}
