package dev.llmh.embedded.server;

import dev.llmh.embedded.engine.Engine;
import dev.llmh.embedded.engine.LlamaEngine;
import dev.llmh.embedded.model.ModelFiles;
import dev.llmh.embedded.model.ModelSpec;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The embedded server's process: generates the model file if needed, opens the llama.cpp engine and
 * serves it on 127.0.0.1.
 *
 * <pre>
 * --models-dir &lt;dir&gt; --model &lt;tiny|small: the default&gt; --slots &lt;n&gt; [--slot-context &lt;n&gt;]
 * --native-tmp &lt;dir&gt; [--port &lt;n&gt;]   (port 0, the default: an ephemeral port)
 * </pre>
 *
 * <p>Stdout carries lines for the parent only: any number of {@code LLMH-EMBEDDED-STATUS <what it
 * does now>} (the model is being generated: the parent tells the user, who would otherwise wait in
 * silence), then one {@code LLMH-EMBEDDED-READY port=<port> model=<modelId>} once requests can be
 * served, or {@code LLMH-EMBEDDED-FAILED <message>} (then exit status 1). Everything else goes to
 * stderr.
 *
 * <p>The process exits when its stdin reaches end of file, that is when the parent closes it or
 * dies, so a crashed test run leaves no server behind; and on SIGTERM. The exit is explicit:
 * java-llama.cpp leaves a native non-daemon thread that would keep the JVM alive. A parent must
 * therefore keep the process's stdin open (ProcessBuilder's default pipe) while it needs the server.
 */
public final class EmbeddedServerMain {

  static final String READY = "LLMH-EMBEDDED-READY";
  static final String FAILED = "LLMH-EMBEDDED-FAILED";
  static final String STATUS = "LLMH-EMBEDDED-STATUS";
  /** Shutdown gives generations in progress this long to stop before the engine is closed. */
  private static final Duration DRAIN = Duration.ofSeconds(5);
  /** After this long the shutdown hook halts the JVM, whatever native code is still doing. */
  private static final long HALT_AFTER_MILLIS = 15_000;

  private EmbeddedServerMain() {}

  /** The parsed command line. */
  record Options(Path modelsDir, String model, int slots, int slotContext, int port, Path nativeTmp) {}

  public static void main(String[] args) {
    PrintStream out = System.out;
    Options options;
    try {
      options = parse(args);
    } catch (IllegalArgumentException e) {
      fail(out, e.getMessage(), null);
      return;
    }
    Engine engine = null;
    ModelSpec spec;
    try {
      spec = ModelSpec.byName(options.model());
      Files.createDirectories(options.nativeTmp());
      engine = open(spec, options, bytes -> status(out, generating(modelId(spec), bytes)));
    } catch (Throwable t) { // also native link errors: the parent must hear why, in one line
      fail(out, EmbeddedServer.describe(t), engine);
      return;
    }
    // The other generated models are served by name too, each generated and loaded when a request
    // first names it (a status line would reach nobody now: the server's log says it).
    List<String> others = ModelSpec.NAMES.stream().filter(name -> !name.equals(spec.name())).toList();
    serve(new ModelShelf(spec.name(), modelId(spec), engine, others,
        name -> {
          System.err.println("llmh-embedded: loading " + modelId(ModelSpec.byName(name)) + ", first named by a request");
          return open(ModelSpec.byName(name), options,
              bytes -> System.err.println("llmh-embedded: " + generating(modelId(ModelSpec.byName(name)), bytes)));
        }),
        options.port());
  }

  /**
   * Writes the model's file if needed and loads it, with the configured slots. Unless told
   * otherwise, a generated model's context is shared evenly among the slots and a trained model's
   * is each slot's; a slot context set for the default model is capped at a smaller model's context.
   */
  private static Engine open(ModelSpec spec, Options options, java.util.function.LongConsumer generating) throws IOException {
    Path modelFile = ModelFiles.ensure(spec, options.modelsDir(), generating);
    // A trained model's context is short (a judge's prompt takes most of it): each slot gets all of it.
    int shared = spec.trained() ? spec.context() : spec.context() / options.slots();
    int slotContext = options.slotContext() > 0 ? Math.min(options.slotContext(), spec.context()) : shared;
    return LlamaEngine.open(modelFile, spec, options.slots(), slotContext, options.nativeTmp());
  }

  /**
   * Serves {@code engine} until stdin ends, then exits the JVM; never returns. Separate from
   * {@link #main} so that tests can run the process around a fake engine.
   */
  static void serve(Engine engine, String modelId, int port) {
    serve(ModelShelf.single(modelId, engine), port);
  }

  private static void serve(ModelShelf models, int port) {
    PrintStream out = System.out;
    Engine engine = models.defaultEngine();
    EmbeddedServer server;
    try {
      server = EmbeddedServer.start(models, port);
    } catch (RuntimeException e) {
      fail(out, EmbeddedServer.describe(e), engine);
      return;
    }
    Runtime.getRuntime().addShutdownHook(new Thread(() -> shutdown(server, models), "llmh-embedded-shutdown"));
    out.println(READY + " port=" + server.port() + " model=" + server.modelId());
    out.flush();
    System.err.println("llmh-embedded: serving " + server.modelId() + " on 127.0.0.1:" + server.port()
        + " with " + engine.slots() + " slots of " + engine.slotContext() + " tokens; exits when stdin closes");
    awaitEndOfInput(System.in);
    System.exit(0);
  }

  /** {@code generating model llmh-small (69 MB)}: ASCII, whatever the charset of this process's stdout. */
  static String generating(String modelId, long bytes) {
    return "generating model " + modelId + " (" + Math.max(1, Math.round(bytes / 1e6)) + " MB)";
  }

  private static void status(PrintStream out, String message) {
    out.println(STATUS + " " + message);
    out.flush();
  }

  /** The id the server answers as: never the name a client asked for. */
  static String modelId(ModelSpec spec) {
    return "llmh-" + spec.name();
  }

  private static void awaitEndOfInput(InputStream in) {
    byte[] buffer = new byte[256];
    try {
      while (in.read(buffer) >= 0) {
        // input carries no commands; only its end matters
      }
    } catch (IOException e) {
      // a broken stdin means the parent is gone, as EOF does
    }
  }

  private static void shutdown(EmbeddedServer server, ModelShelf models) {
    Thread watchdog = new Thread(() -> {
      try {
        Thread.sleep(HALT_AFTER_MILLIS);
      } catch (InterruptedException e) {
        return;
      }
      System.err.println("llmh-embedded: shutdown did not finish in " + HALT_AFTER_MILLIS + " ms; halting");
      Runtime.getRuntime().halt(1);
    }, "llmh-embedded-halt");
    watchdog.setDaemon(true);
    watchdog.start();
    if (server.stop(DRAIN)) {
      models.close();
    } else {
      // Freeing the model under a running generation could crash in native code; the process is
      // ending anyway, so its memory goes with it.
      System.err.println("llmh-embedded: generations still running after " + DRAIN + "; not closing the engine");
    }
    watchdog.interrupt();
  }

  private static void fail(PrintStream out, String message, Engine engine) {
    if (engine != null) {
      try {
        engine.close();
      } catch (RuntimeException ignored) {
        // the failure being reported matters more
      }
    }
    out.println(FAILED + " " + String.valueOf(message).replace('\n', ' ').replace('\r', ' '));
    out.flush();
    System.exit(1);
  }

  private static final Set<String> KNOWN =
      Set.of("--models-dir", "--model", "--slots", "--slot-context", "--port", "--native-tmp");

  /** @throws IllegalArgumentException with a message naming what is wrong */
  static Options parse(String[] args) {
    Map<String, String> values = new HashMap<>();
    for (int i = 0; i < args.length; i++) {
      String name = args[i];
      if (!KNOWN.contains(name)) {
        throw new IllegalArgumentException("unknown argument '" + name + "'; expected " + usage());
      }
      if (i + 1 >= args.length) {
        throw new IllegalArgumentException(name + " needs a value");
      }
      if (values.put(name, args[++i]) != null) {
        throw new IllegalArgumentException(name + " given twice");
      }
    }
    return new Options(
        Path.of(required(values, "--models-dir")),
        required(values, "--model"),
        integer(values, "--slots", null, 1, 1024),
        integer(values, "--slot-context", "0", 0, 1 << 24),
        integer(values, "--port", "0", 0, 65535),
        Path.of(required(values, "--native-tmp")));
  }

  private static String required(Map<String, String> values, String name) {
    String v = values.get(name);
    if (v == null || v.isBlank()) {
      throw new IllegalArgumentException("missing " + name + "; expected " + usage());
    }
    return v;
  }

  private static int integer(Map<String, String> values, String name, String fallback, int min, int max) {
    String v = values.getOrDefault(name, fallback);
    if (v == null) {
      v = required(values, name);
    }
    int n;
    try {
      n = Integer.parseInt(v.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + " must be an integer, was '" + v + "'");
    }
    if (n < min || n > max) {
      throw new IllegalArgumentException(name + " must be in " + min + ".." + max + ", was " + n);
    }
    return n;
  }

  private static String usage() {
    return "--models-dir <dir> --model <tiny|small|answers-s> --slots <n> --native-tmp <dir>"
        + " [--slot-context <n>, default the model's context / slots] [--port <n>]";
  }
}
