package dev.llmh.engine;

import dev.llmh.config.Config;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.EngineDescriptor;

/** The engine's root, carrying the run's configuration read at discovery. */
final class LlmhEngineDescriptor extends EngineDescriptor {
  private final Config config;

  LlmhEngineDescriptor(UniqueId id, Config config) {
    super(id, "LLMH");
    this.config = config;
  }

  Config config() {
    return config;
  }
}
