package dev.llmh.embedded.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmh.embedded.engine.Engine.EngineInfo;

/**
 * {@code GET /v1/models}: every model the server serves, the default first, each with {@code
 * meta.loaded} and, once loaded, the engine's identity, the model file's name, size, sha256, shape,
 * tensor type and architecture, slots and slot context under {@code meta}.
 */
final class ModelListing {
  private ModelListing() {}

  static ObjectNode of(ModelShelf models, ObjectMapper mapper) {
    ObjectNode root = mapper.createObjectNode();
    root.put("object", "list");
    com.fasterxml.jackson.databind.node.ArrayNode data = root.putArray("data");
    models.listing().forEach((id, engine) -> {
      ObjectNode model = data.addObject();
      model.put("id", id);
      model.put("object", "model");
      model.put("created", 0);
      model.put("owned_by", "llmh-embedded");
      ObjectNode meta = model.putObject("meta");
      meta.put("loaded", engine.isPresent());
      engine.ifPresent(open -> {
        EngineInfo info = open.info();
        meta.put("engine", info.engine());
        meta.put("engineVersion", info.engineVersion());
        meta.put("modelFile", info.modelFile());
        meta.put("modelBytes", info.modelBytes());
        meta.put("modelSha256", info.modelSha256());
        meta.put("modelShape", info.modelShape());
        meta.put("tensorType", info.tensorType());
        meta.put("architecture", info.architecture());
        meta.put("slots", open.slots());
        meta.put("slotContext", open.slotContext());
      });
    });
    return root;
  }
}
