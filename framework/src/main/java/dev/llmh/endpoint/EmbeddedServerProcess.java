package dev.llmh.endpoint;

import dev.llmh.client.EndpointException;
import dev.llmh.config.Config;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * The embedded llama.cpp server, run as a child JVM: a native crash must not take the test JVM
 * down, and the server's memory must be measurable on its own. The child generates its model file
 * on first use (saying so on a status line), prints one ready line with its port, and exits when its
 * standard input closes — so it also goes away when this JVM dies.
 */
final class EmbeddedServerProcess implements AutoCloseable {
  static final String MAIN_CLASS = "dev.llmh.embedded.server.EmbeddedServerMain";
  static final String READY = "LLMH-EMBEDDED-READY ";
  static final String FAILED = "LLMH-EMBEDDED-FAILED ";
  static final String STATUS = "LLMH-EMBEDDED-STATUS ";

  private final Process process;
  private final String baseUrl;
  private final Thread killOnExit;

  private EmbeddedServerProcess(Process process, String baseUrl) {
    this.process = process;
    this.baseUrl = baseUrl;
    this.killOnExit = new Thread(process::destroyForcibly, "llmh-embedded-kill");
    Runtime.getRuntime().addShutdownHook(killOnExit);
  }

  /**
   * @param phases told, one line each, what is happening while the user waits: the start, the
   *     child's status lines (a model being generated) and the time it took to be ready
   */
  static EmbeddedServerProcess start(Config.Embedded settings, Path logDirectory, Consumer<String> phases) {
    Path log = logDirectory.resolve("embedded-server.log");
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-cp");
    command.add(classpath());
    command.add(MAIN_CLASS);
    command.addAll(List.of(
        "--models-dir", settings.modelsDir().toAbsolutePath().toString(),
        "--model", settings.model(),
        "--slots", String.valueOf(settings.slots()),
        "--port", "0",
        "--native-tmp", settings.modelsDir().resolve("native").toAbsolutePath().toString()));
    if (settings.slotContext() != null) {
      command.addAll(List.of("--slot-context", String.valueOf(settings.slotContext())));
    }
    Process process;
    long started = System.nanoTime();
    phases.accept("starting embedded llama.cpp server (model " + settings.model() + ", " + settings.slots() + " slots)…");
    try {
      Files.createDirectories(logDirectory);
      process = new ProcessBuilder(command).redirectError(log.toFile()).start();
    } catch (IOException e) {
      throw new EndpointException("cannot start the embedded server: " + e.getMessage(), e);
    }
    CompletableFuture<String> readyLine = CompletableFuture.supplyAsync(() -> awaitReadyLine(process, phases));
    try {
      String line = readyLine.get(settings.startTimeout().toMillis(), TimeUnit.MILLISECONDS);
      if (line == null || !line.startsWith(READY)) {
        process.destroyForcibly();
        throw new EndpointException(
            "the embedded server did not start: " + (line == null ? "it exited" : line.substring(FAILED.length()))
                + ServerProcesses.tail(log.toAbsolutePath()), null);
      }
      String port = line.substring(READY.length()).split("\\s+")[0].replace("port=", "");
      phases.accept(String.format(Locale.ROOT, "embedded server ready in %.1f s", (System.nanoTime() - started) / 1e9));
      return new EmbeddedServerProcess(process, "http://127.0.0.1:" + port + "/v1");
    } catch (TimeoutException e) {
      process.destroyForcibly();
      throw new EndpointException(
          "the embedded server was not ready within " + settings.startTimeout().toSeconds()
              + " s (llmh.embedded.startTimeout)" + ServerProcesses.tail(log.toAbsolutePath()), e);
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new EndpointException("interrupted while starting the embedded server", e);
    } catch (ExecutionException e) {
      process.destroyForcibly();
      throw new EndpointException("cannot read the embedded server's output: " + e.getCause(), e);
    }
  }

  String baseUrl() {
    return baseUrl;
  }

  /** The child's pid: its resident memory and CPU are the server's. */
  long pid() {
    return process.pid();
  }

  /** Closing the child's standard input asks it to exit; it is killed if it does not. */
  @Override
  public void close() {
    try {
      process.getOutputStream().close();
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
      }
    } catch (IOException e) {
      process.destroyForcibly();
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
    try {
      Runtime.getRuntime().removeShutdownHook(killOnExit);
    } catch (IllegalStateException alreadyShuttingDown) {
      // the hook runs anyway
    }
  }

  /** The first line that says ready or failed; null when the process ends first. Status lines go to {@code phases}. */
  private static String awaitReadyLine(Process process, Consumer<String> phases) {
    try {
      BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
      for (String line = out.readLine(); line != null; line = out.readLine()) {
        if (line.startsWith(STATUS)) {
          phases.accept(line.substring(STATUS.length()) + "…");
        } else if (line.startsWith(READY) || line.startsWith(FAILED)) {
          drainInBackground(out);
          return line;
        }
      }
      return null;
    } catch (IOException e) {
      return null;
    }
  }

  /** Keeps reading the child's output so it never blocks on a full pipe. */
  private static void drainInBackground(BufferedReader out) {
    Thread drain = new Thread(() -> {
      try {
        while (out.readLine() != null) {
          // discarded: the server logs to its error stream, which goes to the log file
        }
      } catch (IOException ignored) {
        // the child has gone
      }
    }, "llmh-embedded-stdout");
    drain.setDaemon(true);
    drain.start();
  }

  /**
   * The child's classpath: where the embedded server and its dependencies were loaded from. Taken
   * from the classes themselves, because under Surefire {@code java.class.path} is a booter jar.
   */
  static String classpath() {
    Set<String> entries = new LinkedHashSet<>();
    for (String className : List.of(
        MAIN_CLASS, "dev.llmh.front.HttpFront", "de.kherud.llama.LlamaModel",
        "com.fasterxml.jackson.databind.ObjectMapper", "com.fasterxml.jackson.core.JsonFactory",
        "com.fasterxml.jackson.annotation.JsonProperty")) {
      try {
        Class<?> type = Class.forName(className, false, EmbeddedServerProcess.class.getClassLoader());
        entries.add(Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
      } catch (ClassNotFoundException | URISyntaxException | RuntimeException e) {
        throw new EndpointException(
            "the embedded server needs " + className + " on the classpath (dev.llmh:llmh-embedded): " + e, e);
      }
    }
    return String.join(java.io.File.pathSeparator, entries);
  }
}
