package dev.llmh.embedded.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmh.embedded.engine.Engine.EngineInfo;

/**
 * Ollama's {@code GET /api/tags} for the models the embedded server serves: each model's {@code
 * name} and {@code model}, and once it is loaded its file's {@code size} and {@code details}
 * ({@code format}, {@code family}, {@code quantization_level}). No {@code digest}: Ollama's is its
 * manifest's, which this server has not; {@code GET /v1/models} gives the file's sha256.
 */
final class OllamaTags {
  private OllamaTags() {}

  static ObjectNode of(ModelShelf models, ObjectMapper mapper) {
    ObjectNode root = mapper.createObjectNode();
    com.fasterxml.jackson.databind.node.ArrayNode list = root.putArray("models");
    models.listing().forEach((id, engine) -> {
      ObjectNode model = list.addObject().put("name", id).put("model", id);
      engine.ifPresent(open -> {
        EngineInfo info = open.info();
        model.put("size", info.modelBytes());
        model.putObject("details").put("format", "gguf").put("family", info.architecture())
            .put("quantization_level", info.tensorType());
      });
    });
    return root;
  }
}
