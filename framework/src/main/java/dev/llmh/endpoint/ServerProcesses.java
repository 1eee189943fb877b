package dev.llmh.endpoint;

import dev.llmh.config.Defaults;
import dev.llmh.plan.ServerLaunch;
import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * The servers a run starts itself ({@code @Server}), one at a time: a case whose configuration's
 * server runs is measured on it; another configuration's stops it first and starts its own on a free
 * port, waiting until its ready path answers 2xx. A configuration whose server did not start fails
 * its later cases at once with the same reason; one whose server died is started again.
 */
final class ServerProcesses implements AutoCloseable {
  /** Why a started server cannot serve: its cases are ERROR, not NOT_RUN. */
  static final class StartFailed extends RuntimeException {
    StartFailed(String message) {
      super(message);
    }
  }

  private final Path logs;
  private final Consumer<String> phases;
  private final UnaryOperator<String> redact;
  private final Map<String, String> failed = new HashMap<>();
  private ServerLaunch running;
  private Process process;
  private StartedServer started;
  private int starts;
  /** Kills a started server if this JVM ends without closing the run (a killed build). */
  private final Thread killOnExit = new Thread(this::kill, "llmh-server-kill");

  /** @param redact hides the API key in a command line that holds it */
  ServerProcesses(Path logs, Consumer<String> phases, UnaryOperator<String> redact) {
    this.logs = logs;
    this.phases = phases;
    this.redact = redact;
  }

  /** The server of {@code launch}'s configuration, started for case {@code caseId} unless it runs. */
  synchronized StartedServer serve(ServerLaunch launch, String caseId) {
    if (failed.containsKey(launch.command())) {
      throw new StartFailed(failed.get(launch.command()));
    }
    if (launch.equals(running) && process.isAlive()) {
      return started;
    }
    close();
    try {
      started = start(launch, caseId);
      running = launch;
      return started;
    } catch (StartFailed e) {
      failed.put(launch.command(), e.getMessage());
      throw e;
    }
  }

  /** The server started for {@code launch}'s configuration, or null when it is not the one running. */
  synchronized StartedServer started(ServerLaunch launch) {
    return launch != null && launch.equals(running) ? started : null;
  }

  /** The pid of the started server measured at {@code url}, or null. */
  synchronized Long pid(String url) {
    return started != null && started.url().equals(url) && process.isAlive() ? started.pid() : null;
  }

  private StartedServer start(ServerLaunch launch, String caseId) {
    int port = freePort();
    String command = launch.command(port);
    Path log = logs.resolve("server-" + (++starts) + ".log");
    if (starts == 1) {
      Runtime.getRuntime().addShutdownHook(killOnExit);
    }
    phases.accept("starting the server for " + caseId + ": " + redact.apply(command) + " (log " + log + ")…");
    long begun = System.nanoTime();
    try {
      Files.createDirectories(logs);
      Files.writeString(log, "$ " + redact.apply(command) + "\n", StandardCharsets.UTF_8);
      process = new ProcessBuilder("/bin/sh", "-c", command).redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
    } catch (IOException e) {
      throw new StartFailed("cannot start the server '" + redact.apply(command) + "': " + e.getMessage());
    }
    String url = launch.url(port);
    URI ready = URI.create(url).resolve(launch.ready());
    long deadline = begun + launch.startTimeout().toNanos();
    while (!answers(ready)) {
      if (!process.isAlive()) {
        throw new StartFailed("the server exited with code " + process.exitValue() + " before " + ready + " answered: '"
            + redact.apply(command) + "'" + tail(log));
      }
      if (System.nanoTime() > deadline) {
        stop(process);
        throw new StartFailed("the server was not ready within " + launch.startTimeout().toSeconds() + " s (" + ready
            + " never answered 2xx; @Server(startTimeout), llmh.server.startTimeout): '" + redact.apply(command) + "'" + tail(log));
      }
      pause();
    }
    double startupMs = (System.nanoTime() - begun) / 1e6;
    phases.accept(String.format(java.util.Locale.ROOT, "server ready in %.1f s at %s (pid %d)", startupMs / 1000, url, process.pid()));
    return new StartedServer(redact.apply(command), url, process.pid(), startupMs, log, caseId);
  }

  private static boolean answers(URI ready) {
    try {
      HttpURLConnection c = (HttpURLConnection) ready.toURL().openConnection();
      c.setConnectTimeout(1000);
      c.setReadTimeout(2000);
      try {
        return c.getResponseCode() / 100 == 2;
      } finally {
        c.disconnect();
      }
    } catch (IOException e) {
      return false;
    }
  }

  private static void pause() {
    try {
      Thread.sleep(100);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new StartFailed("interrupted while waiting for the server to be ready");
    }
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new StartFailed("no free port on this machine for the server: " + e.getMessage());
    }
  }

  /** Asks the server and its children to end, then kills what has not ended. */
  private static void stop(Process p) {
    List<ProcessHandle> children = p.descendants().toList();
    p.destroy();
    children.forEach(ProcessHandle::destroy);
    try {
      if (!p.waitFor(Defaults.SERVER_STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
        p.destroyForcibly();
      }
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
    }
    children.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
  }

  /** The log's last lines, for a reason that says why a server did not serve. */
  static String tail(Path log) {
    try {
      List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
      List<String> last = lines.subList(Math.max(0, lines.size() - 15), lines.size());
      return "; its log " + log + (last.isEmpty() ? " is empty" : " ends:\n    " + String.join("\n    ", last));
    } catch (IOException e) {
      return "; its log " + log + " cannot be read: " + e.getMessage();
    }
  }

  private synchronized void kill() {
    if (process != null) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
    }
  }

  /** Stops the running server, if any; at the run's end, for good. */
  @Override
  public synchronized void close() {
    if (process != null) {
      stop(process);
      process = null;
      running = null;
      started = null;
    }
  }

  /** The run is over: no server is left running, and none is left to kill. */
  synchronized void closeForGood() {
    close();
    if (starts > 0) {
      try {
        Runtime.getRuntime().removeShutdownHook(killOnExit);
      } catch (IllegalStateException alreadyShuttingDown) {
        // the hook runs anyway, and finds nothing
      }
    }
  }
}
