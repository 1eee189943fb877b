package dev.llmh.plan;

import dev.llmh.config.Config;
import dev.llmh.config.ConfigException;
import dev.llmh.config.ConfigKey;
import dev.llmh.config.Defaults;
import dev.llmh.config.ServerCommand;
import dev.llmh.constraint.ConstraintParser;
import dev.llmh.runner.ServerDeclaration;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The server a case's configuration needs LLMH to start ({@code @Server}, or {@code llmh.server.command}):
 * its command with the case's {@code @Param} values in place, {@code {port}} still to pick. Two cases
 * with the same command share one start.
 *
 * @param command the command line, each {@code {param}} replaced, {@code {port}} kept
 * @param ready the path on the server's root that answers 2xx once it is ready
 * @param url the base URL measured, with {@code {port}}
 * @param startTimeout how long the server may take to be ready
 */
public record ServerLaunch(String command, String ready, String url, Duration startTimeout) {
  private static final Pattern PLACEHOLDER = Pattern.compile("\\{([^{}]*)}");

  /** The URL with the port the server was started on. */
  public String url(int port) {
    return url.replace("{port}", String.valueOf(port));
  }

  /** The command with the port the server is started on. */
  public String command(int port) {
    return command.replace("{port}", String.valueOf(port));
  }

  /**
   * The launch of a case with {@code params}: configuration over the scenario's {@code @Server}, over
   * the defaults; null when neither names a command. A configured command naming a placeholder that is
   * not one of the scenario's params fails the run before its first request.
   */
  static ServerLaunch of(ServerDeclaration declared, Map<String, String> params, Config config, String scenario) {
    ServerCommand keys = config.servers().command();
    String command = keys.command().orElse(declared == null ? null : declared.command());
    if (command == null) {
      return null;
    }
    StringBuilder resolved = new StringBuilder();
    Matcher m = PLACEHOLDER.matcher(command);
    while (m.find()) {
      String name = m.group(1);
      if (!name.equals("port") && !params.containsKey(name)) {
        throw new ConfigException(ConfigKey.SERVER_COMMAND.key() + " names {" + name + "}, which is not a @Param of " + scenario
            + " " + params.keySet() + "; use {port} and those names only");
      }
      m.appendReplacement(resolved, Matcher.quoteReplacement(name.equals("port") ? "{port}" : params.get(name)));
    }
    m.appendTail(resolved);
    String ready = keys.ready().orElse(declared == null ? Defaults.SERVER_READY : declared.ready());
    String url = keys.url().orElse(declared == null ? Defaults.SERVER_URL : declared.url());
    Duration timeout = keys.startTimeout().orElseGet(() -> declared == null || declared.startTimeout().isEmpty()
        ? Defaults.SERVER_START_TIMEOUT
        : Duration.ofNanos(Math.round(ConstraintParser.duration(declared.startTimeout(), "@Server(startTimeout)").canonical() * 1e6)));
    return new ServerLaunch(resolved.toString(), ready, url, timeout);
  }
}
