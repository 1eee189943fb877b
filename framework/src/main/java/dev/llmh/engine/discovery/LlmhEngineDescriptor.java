package dev.llmh.engine.discovery;

import dev.llmh.config.Config;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.EngineDescriptor;

/** The engine's root, carrying the run's configuration read at discovery. */
public final class LlmhEngineDescriptor extends EngineDescriptor {
  private final Config config;

  public LlmhEngineDescriptor(UniqueId id, Config config) {
    super(id, "LLMH");
    this.config = config;
  }

  public Config config() {
    return config;
  }
}
