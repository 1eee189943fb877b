package dev.llmh.benchmarks;

import dev.llmh.benchmarks.accuracy.CaseCpuListener;
import dev.llmh.benchmarks.accuracy.Measured;
import dev.llmh.benchmarks.accuracy.Pinning;
import dev.llmh.benchmarks.accuracy.SelfSigned;
import dev.llmh.benchmarks.accuracy.ProcessCpu;
import dev.llmh.benchmarks.accuracy.Setting;
import dev.llmh.benchmarks.accuracy.ThreadCpu;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * How accurately the harness timestamps TTFT and inter-chunk gaps, against a ground-truth server in
 * another process (issue 10, acceptance 1). For each setting it starts {@link GroundTruthServer}
 * (pinned to core 0) and the harness as a user runs it (pinned to core 1): {@link AccuracyClient},
 * the LLMH engine under the JUnit Platform Launcher, or with {@code mode=maven} {@code mvn test} on
 * a generated project ({@link MavenHarness}); {@code mode=floor} runs {@link FloorClient} instead,
 * a minimal client that shows the error the machine and server add by themselves. It then pairs each measured sample of the results file with the server's
 * record of the same request and prints a Markdown table; see {@link Measured} for the errors.
 *
 * <p>Each process uses only its own {@link System#nanoTime()}: the server's send times are compared
 * with each other and with its own arrival times, the client's with its own send times.
 *
 * <p>Arguments (all optional): {@code settings=c1,c16,stress runs=1 mode=launcher|maven|floor|floor-eventloop|floor-jdk
 * server=eventloop|simulator|netty|netty-h1|netty-h2 pin=true
 * work=benchmarks/target/accuracy clientJvm=}; {@code clientJvm} adds JVM options (space-separated) to
 * the harness JVM of the launcher and floor modes, e.g. {@code clientJvm=-XX:+PrintCompilation} to see
 * what the JIT compiles while streams are timed (its output goes to the run's {@code client.out}); for
 * {@code mode=maven} also {@code llmhVersion=<this build's>}
 * (the llmh-framework the generated project resolves from the local Maven repository).
 */
public final class AccuracyBenchmark {
  private static final long CLIENT_TIMEOUT_MINUTES = 20;

  private AccuracyBenchmark() {}

  /** One run: the errors, the harness's whole CPU and its CPU while running the case. */
  private record Row(
      Setting setting, int run, Measured measured, Optional<Double> cpuSeconds, Optional<Double> caseCpuSeconds,
      Map<String, Long> threadTicks, int exitCode) {}

  public static void main(String[] args) throws Exception {
    Options options = Options.parse(args);
    List<Setting> settings = Arrays.stream(options.get("settings", "c1,c16,stress").split(","))
        .map(Setting::named).toList();
    int runs = options.getInt("runs", 1);
    Path work = Path.of(options.get("work", "benchmarks/target/accuracy")).toAbsolutePath();
    Pinning pinning = Pinning.detect(options.getBoolean("pin", true));
    String mode = options.get("mode", "launcher");
    String serverKind = options.get("server", "eventloop");
    List<String> jvm = Arrays.stream(options.get("clientJvm", "").split(" ")).filter(o -> !o.isBlank()).toList();
    HarnessCommand harness = switch (mode) {
      case "launcher" -> javaHarness(AccuracyClient.class, Setting::scenarioName, jvm);
      case "floor" -> javaHarness(FloorClient.class, Setting::name, jvm);
      case "floor-eventloop" -> javaHarness(EventLoopFloorClient.class, Setting::name, jvm);
      case "floor-jdk" -> javaHarness(JdkHttpFloorClient.class, Setting::name, jvm);
      case "maven" -> new MavenHarness(work.resolve("maven-project"), options.get("llmhVersion", version("llmh.version")),
          version("junit.version"));
      default -> throw new IllegalArgumentException("mode must be launcher, maven, floor, floor-eventloop or floor-jdk, was " + mode);
    };

    System.out.printf(Locale.ROOT, "mode %s; ground truth %s; %s; %d cores; orchestrator JDK %s%n",
        mode, serverKind, pinning.why(), Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"));
    List<Row> rows = new ArrayList<>();
    for (Setting setting : settings) {
      for (int run = 1; run <= runs; run++) {
        long started = System.nanoTime();
        Row row = runOnce(setting, run, work, pinning, harness, serverKind);
        rows.add(row);
        System.out.printf(Locale.ROOT, "%s run %d: %d paired, %d unpaired, exit %d, %.0f s%n", setting.name(), run,
            row.measured().pairs(), row.measured().unpaired(), row.exitCode(), (System.nanoTime() - started) / 1e9);
      }
    }
    printTable(rows);
  }

  /** The ground truth's command line: pinned to core 0, the setting's schedule, HTTPS with {@code certificate} if any. */
  private static List<String> serverCommand(Setting setting, Pinning pinning, Path servedLog, String serverKind,
      SelfSigned certificate) {
    List<String> command = new ArrayList<>(pinning.onCore(0));
    // The quick JIT tier only, as for the harness: the optimising compiler's threads share the server's
    // core and, once its sender yields before a send, took the core for milliseconds (server late p99 3-4 ms).
    command.addAll(List.of(java(), "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
        GroundTruthServer.class.getName(),
        "ttftMs=" + setting.ttftMs(), "itlMs=" + setting.itlMs(), "tokens=" + setting.tokens(),
        "slots=" + setting.concurrency(), "log=" + servedLog, "server=" + serverKind));
    if (certificate != null) {
      command.add("keyStore=" + certificate.keyStore());
    }
    return command;
  }

  private static Row runOnce(Setting setting, int run, Path work, Pinning pinning, HarnessCommand harness,
      String serverKind) throws Exception {
    Path dir = work.resolve(setting.name() + "-" + run);
    deleteRecursively(dir);
    Files.createDirectories(dir);
    Path servedLog = dir.resolve("served.ndjson");
    Path resultsDir = dir.resolve("results");

    // HTTPS: the server's self-signed certificate, which the harness trusts as a user would (LLMH_TLS_TRUST)
    SelfSigned certificate = serverKind.startsWith("netty-") ? SelfSigned.in(work.resolve("tls")) : null;
    Process server = new ProcessBuilder(serverCommand(setting, pinning, servedLog, serverKind, certificate)).redirectError(dir.resolve("server.err").toFile()).start();
    BufferedReader serverOut = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
    int exitCode;
    Optional<Double> cpuSeconds;
    Optional<Double> caseCpuSeconds;
    Map<String, Long> threadTicks;
    try (Writer serverIn = new OutputStreamWriter(server.getOutputStream(), StandardCharsets.UTF_8)) {
      String baseUrl = serverOut.readLine();
      if (baseUrl == null || !baseUrl.startsWith("http")) {
        throw new IllegalStateException("the server did not start; see " + dir.resolve("server.err"));
      }
      List<String> clientCommand = new ArrayList<>(pinning.onCore(1));
      Path caseCpuFile = dir.resolve("case-cpu-ticks");
      clientCommand.addAll(ProcessCpu.wrap(harness.command(setting, baseUrl, resultsDir, caseCpuFile)));
      Path clientOut = dir.resolve("client.out");
      ProcessBuilder clientProcess = new ProcessBuilder(clientCommand);
      if (certificate != null) {
        clientProcess.environment().put("LLMH_TLS_TRUST", certificate.pem().toString());
      }
      Process client = clientProcess.directory(harness.directory().toFile())
          .redirectOutput(clientOut.toFile()).redirectError(dir.resolve("client.err").toFile()).start();
      if (!client.waitFor(CLIENT_TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
        client.descendants().forEach(ProcessHandle::destroyForcibly);
        client.destroyForcibly();
        throw new IllegalStateException("the harness did not finish in " + CLIENT_TIMEOUT_MINUTES + " min; see " + dir);
      }
      exitCode = client.exitValue();
      List<String> output = Files.readAllLines(clientOut);
      cpuSeconds = ProcessCpu.childSeconds(output);
      caseCpuSeconds = Files.exists(caseCpuFile)
          ? Optional.of(Long.parseLong(Files.readString(caseCpuFile).trim()) / (double) ProcessCpu.ticksPerSecond())
          : Optional.empty();
      threadTicks = ThreadCpu.read(Path.of(caseCpuFile + ".threads"));
      serverIn.write("log\n"); // the server writes its log, then exits
    }
    String logged = serverOut.readLine();
    if (!server.waitFor(60, TimeUnit.SECONDS) || logged == null) {
      server.destroyForcibly();
      throw new IllegalStateException("the server did not write its log; see " + dir.resolve("server.err"));
    }
    Path resultsFile = resultsDir.resolve("latest.json");
    if (!Files.exists(resultsFile)) {
      throw new IllegalStateException("no results file (harness exit " + exitCode + "); see " + dir);
    }
    return new Row(setting, run, Measured.score(servedLog, resultsFile, setting), cpuSeconds, caseCpuSeconds, threadTicks,
        exitCode);
  }

  private static void printTable(List<Row> rows) {
    System.out.println();
    System.out.println("| setting | c | server TTFT / ITL / tokens | run | pairs | TTFT error mean (ms) | p99 | max "
        + "| inter-chunk \\|error\\| p50 (ms) | p99 | max | server late p99 (ms) |");
    System.out.println("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (Row row : rows) {
      Setting s = row.setting();
      Measured m = row.measured();
      System.out.printf(Locale.ROOT, "| %s | %d | %d ms / %s ms / %d | %d | %d | %+.2f | %+.2f | %+.2f | %.3f | %.3f | %.3f | %.3f |%n",
          s.name(), s.concurrency(), s.ttftMs(), trim(s.itlMs()), s.tokens(), row.run(), m.pairs(),
          m.ttftMean(), m.ttftP99(), m.ttftMax(), m.gapAbsPercentile(50), m.gapAbsPercentile(99), m.gapAbsMax(),
          m.serverLatePercentile(99));
    }
    System.out.println();
    System.out.println("| setting | run | tokens streamed | harness cpuUsPerChunk (results file) "
        + "| harness processCpuUsPerChunk (results file) "
        + "| CPU per streamed token while running the case (µs) "
        + "| whole-process CPU per streamed token, incl. JVM start-up and warm-up (µs) |");
    System.out.println("|---|---:|---:|---:|---:|---:|---:|");
    for (Row row : rows) {
      Measured m = row.measured();
      String own = recorded(m.harnessCpu().usPerChunk());
      String process = recorded(m.harnessCpu().processUsPerChunk());
      String caseCpu = row.caseCpuSeconds().map(sec -> String.format(Locale.ROOT, "%.1f (%.2f s)",
          sec * 1e6 / m.streamedTokens(), sec)).orElse("not measured");
      String cpu = row.cpuSeconds().map(sec -> String.format(Locale.ROOT, "%.1f (%.2f s)",
          sec * 1e6 / m.streamedTokens(), sec)).orElse("not measured");
      System.out.printf(Locale.ROOT, "| %s | %d | %d | %s | %s | %s | %s |%n",
          row.setting().name(), row.run(), m.streamedTokens(), own, process, caseCpu, cpu);
    }
    System.out.println();
    System.out.println("TTFT error = client ttft_ms - (server's first answer chunk send - server's arrival); "
        + "inter-chunk error = client gap - server send gap, per consecutive chunk pair; server late = "
        + "server send - its schedule (slot + TTFT + k x ITL), the ground truth's own precision. "
        + "CPU figures divide by every token the server streamed to the harness (warm-up included): "
        + "while running the case = the harness JVM's utime+stime from the test's start to its end "
        + "(warm-up, measurement, statistics, results file); whole process = utime+stime of the harness "
        + "process tree from exec to exit (JVM start-up, class loading, discovery included).");
    rows.stream().map(r -> r.measured().javaVersion()).distinct()
        .forEach(v -> System.out.println("harness JVM (from the results file): " + v));
    ThreadCpu.printPairs(rows.stream().map(r -> new ThreadCpu.Run(r.setting().name(), r.run(), r.measured().streamedTokens(),
        r.threadTicks())).toList(), ProcessCpu.ticksPerSecond());
  }

  private static String recorded(Double usPerChunk) {
    return usPerChunk == null ? "not recorded" : String.format(Locale.ROOT, "%.1f", usPerChunk);
  }

  private static String trim(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
  }

  /** Which command runs the harness for a setting; the client side of a run. */
  interface HarnessCommand {
    /** The command; it must leave the CPU ticks of running the case in {@code caseCpuFile} ({@link CaseCpuListener}). */
    List<String> command(Setting setting, String endpoint, Path resultsDir, Path caseCpuFile) throws IOException;

    Path directory();
  }

  /** A main of this jar on the client core: {@code <main> <setting's name for it> <endpoint> <results> <cpu file>}. */
  private static HarnessCommand javaHarness(Class<?> main, Function<Setting, String> name, List<String> jvmOptions) {
    return new HarnessCommand() {
      @Override
      public List<String> command(Setting setting, String endpoint, Path resultsDir, Path caseCpuFile) {
        List<String> command = new ArrayList<>(List.of(java()));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), main.getName(),
            name.apply(setting), endpoint, resultsDir.toString(), caseCpuFile.toString()));
        return command;
      }

      @Override
      public Path directory() {
        return Path.of("").toAbsolutePath();
      }
    };
  }

  static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /** A version this build was made with (versions.properties, filtered by Maven). */
  private static String version(String key) throws IOException {
    Properties versions = new Properties();
    try (InputStream in = AccuracyBenchmark.class.getResourceAsStream("versions.properties")) {
      versions.load(in);
    }
    return versions.getProperty(key);
  }

  private static void deleteRecursively(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
