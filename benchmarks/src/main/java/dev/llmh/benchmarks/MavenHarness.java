package dev.llmh.benchmarks;

import dev.llmh.benchmarks.accuracy.CaseCpuListener;
import dev.llmh.benchmarks.accuracy.Setting;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The harness as a user runs it: {@code mvn -o -q test} on a tiny generated project set up as the
 * README says (llmh-framework as a test dependency, the LLMH annotation processor, Surefire), with
 * one scenario class per setting — the same annotations as the launcher mode's scenarios. Maven and
 * Surefire's forked JVM both run on the harness's core.
 *
 * <p>The project resolves {@code dev.llmh:llmh-framework:<llmhVersion>} from the local Maven
 * repository: what {@code mvn install} last put there, not necessarily this build's jars. It is
 * compiled once, before the first measured run, so that compiling is not counted as harness CPU.
 * Beyond a user's project it has only a JUnit Platform listener that writes the CPU time of running
 * the case (and {@code junit-platform-launcher} as a test dependency, to compile it).
 */
final class MavenHarness implements AccuracyBenchmark.HarnessCommand {

  private final Path project;
  private final String llmhVersion;
  private final String junitVersion;
  private boolean prepared;

  MavenHarness(Path project, String llmhVersion, String junitVersion) {
    this.project = project;
    this.llmhVersion = llmhVersion;
    this.junitVersion = junitVersion;
  }

  @Override
  public List<String> command(Setting setting, String endpoint, Path resultsDir, Path caseCpuFile) throws IOException {
    prepare();
    return List.of("mvn", "-o", "-q", "-B", "test", "-Dtest=" + className(setting),
        "-Dllmh.endpoint=" + endpoint, "-Dllmh.resultsDir=" + resultsDir, "-D" + CaseCpuListener.FILE_PROPERTY + "=" + caseCpuFile);
  }

  @Override
  public Path directory() {
    return project;
  }

  /** Writes the project and compiles it (unpinned, not measured). */
  private void prepare() throws IOException {
    if (prepared) {
      return;
    }
    Path sources = project.resolve("src/test/java/bench");
    Files.createDirectories(sources);
    Files.writeString(project.resolve("pom.xml"), pom(), StandardCharsets.UTF_8);
    for (Setting setting : Setting.ALL) {
      Files.writeString(sources.resolve(className(setting) + ".java"), scenario(setting), StandardCharsets.UTF_8);
    }
    Files.writeString(sources.resolve("CaseCpuListener.java"), listener(), StandardCharsets.UTF_8);
    Path services = project.resolve("src/test/resources/META-INF/services");
    Files.createDirectories(services);
    Files.writeString(services.resolve("org.junit.platform.launcher.TestExecutionListener"), "bench.CaseCpuListener\n");
    Path log = project.resolve("test-compile.log");
    try {
      Process compile = new ProcessBuilder("mvn", "-o", "-q", "-B", "test-compile").directory(project.toFile())
          .redirectErrorStream(true).redirectOutput(log.toFile()).start();
      if (compile.waitFor() != 0) {
        throw new IllegalStateException("mvn test-compile failed; see " + log);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while compiling " + project, e);
    }
    prepared = true;
  }

  static String className(Setting setting) {
    return "Accuracy" + Character.toUpperCase(setting.name().charAt(0)) + setting.name().substring(1);
  }

  private static String scenario(Setting setting) {
    return String.format(Locale.ROOT, """
        package bench;

        import dev.llmh.annotations.Concurrency;
        import dev.llmh.annotations.Endpoint;
        import dev.llmh.annotations.LlmBenchmark;
        import dev.llmh.annotations.MaxTokens;
        import dev.llmh.annotations.Measurement;
        import dev.llmh.annotations.Prompt;

        @LlmBenchmark
        @Endpoint(model = "any")
        @Measurement(requests = %d, adaptive = false)
        @MaxTokens(%d)
        @Concurrency(%d)
        public class %s {
          @Prompt
          String chat = "Count from one to one hundred.";
        }
        """, setting.requests(), setting.tokens(), setting.concurrency(), className(setting));
  }

  /** The user's pom, from {@code user-project-pom.xml} beside this class, with this build's versions. */
  private String pom() throws IOException {
    return resource("user-project-pom.xml").replace("JUNIT_VERSION", junitVersion).replace("LLMH_VERSION", llmhVersion);
  }

  /** The listener's own source, moved into the project's package. */
  private static String listener() throws IOException {
    return resource("accuracy/CaseCpuListener.java").replace("package dev.llmh.benchmarks.accuracy;", "package bench;");
  }

  private static String resource(String name) throws IOException {
    try (InputStream in = MavenHarness.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IOException("missing resource " + name + " beside " + MavenHarness.class.getName());
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
