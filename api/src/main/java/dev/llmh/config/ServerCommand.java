package dev.llmh.config;

import java.time.Duration;
import java.util.Optional;

/**
 * {@code llmh.server.command}, {@code .ready}, {@code .url}, {@code .startTimeout}: a server LLMH starts
 * itself, as configured; each empty where the scenario's {@code @Server} (or its default) decides.
 */
public record ServerCommand(Optional<String> command, Optional<String> ready, Optional<String> url, Optional<Duration> startTimeout) {

  static ServerCommand read(ConfigValues values) {
    Optional<String> command = values.get(ConfigKey.SERVER_COMMAND);
    command.filter(c -> !c.contains("{port}")).ifPresent(c -> {
      throw new ConfigException(ConfigKey.SERVER_COMMAND.key() + " (" + ConfigKey.SERVER_COMMAND.envName() + ") must take {port},"
          + " the free port LLMH picks for each start, e.g. 'llama-server -m model.gguf --port {port}'; was '" + c + "'");
    });
    Optional<String> ready = values.get(ConfigKey.SERVER_READY);
    ready.filter(r -> !r.startsWith("/")).ifPresent(r -> {
      throw new ConfigException(ConfigKey.SERVER_READY.key() + " (" + ConfigKey.SERVER_READY.envName()
          + ") must be a path on the server's root, e.g. /health; was '" + r + "'");
    });
    Optional<String> url = values.get(ConfigKey.SERVER_URL);
    url.filter(u -> !(u.startsWith("http://") || u.startsWith("https://")) || !u.contains("{port}")).ifPresent(u -> {
      throw new ConfigException(ConfigKey.SERVER_URL.key() + " (" + ConfigKey.SERVER_URL.envName()
          + ") must be an http(s) URL with {port}, e.g. " + Defaults.SERVER_URL + "; was '" + u + "'");
    });
    return new ServerCommand(command, ready, url, values.get(ConfigKey.SERVER_START_TIMEOUT)
        .map(v -> ConfigValues.duration(ConfigKey.SERVER_START_TIMEOUT, v)));
  }
}
