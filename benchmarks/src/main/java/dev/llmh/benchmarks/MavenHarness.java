package dev.llmh.benchmarks;

import dev.llmh.benchmarks.accuracy.Setting;
import java.io.IOException;
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
  /** The system property that tells the generated listener where to write the case's CPU ticks. */
  private static final String CASE_CPU_FILE = "llmh.accuracy.caseCpuFile";

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
        "-Dllmh.endpoint=" + endpoint, "-Dllmh.resultsDir=" + resultsDir, "-D" + CASE_CPU_FILE + "=" + caseCpuFile);
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
    Files.writeString(sources.resolve("CaseCpu.java"), LISTENER, StandardCharsets.UTF_8);
    Path services = project.resolve("src/test/resources/META-INF/services");
    Files.createDirectories(services);
    Files.writeString(services.resolve("org.junit.platform.launcher.TestExecutionListener"), "bench.CaseCpu\n");
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

  /**
   * {@link dev.llmh.benchmarks.accuracy.CaseCpuListener} for the user project, registered as a
   * service: Surefire's launcher picks it up. Writes nothing without the system property.
   */
  private static final String LISTENER = """
      package bench;

      import java.io.IOException;
      import java.io.UncheckedIOException;
      import java.nio.file.Files;
      import java.nio.file.Path;
      import org.junit.platform.engine.TestExecutionResult;
      import org.junit.platform.launcher.TestExecutionListener;
      import org.junit.platform.launcher.TestIdentifier;

      public class CaseCpu implements TestExecutionListener {
        private long startedAt;
        private long ticks;

        @Override
        public void executionStarted(TestIdentifier test) {
          if (test.isTest()) {
            startedAt = now();
          }
        }

        @Override
        public void executionFinished(TestIdentifier test, TestExecutionResult result) {
          String file = System.getProperty("CASE_CPU_FILE");
          if (test.isTest() && file != null) {
            ticks += now() - startedAt;
            try {
              Files.writeString(Path.of(file), Long.toString(ticks));
            } catch (IOException e) {
              throw new UncheckedIOException(e);
            }
          }
        }

        // utime + stime of all threads: fields 14 and 15 of /proc/self/stat, after the name in parentheses.
        private static long now() {
          try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 1).trim().split(" +");
            return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        }
      }
      """.replace("CASE_CPU_FILE", CASE_CPU_FILE);

  private String pom() {
    return """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- Generated by dev.llmh.benchmarks.AccuracyBenchmark mode=maven: a user's project as the README sets it up. -->
        <project xmlns="http://maven.apache.org/POM/4.0.0"
                 xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
                 xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd">
          <modelVersion>4.0.0</modelVersion>
          <groupId>bench</groupId>
          <artifactId>llmh-accuracy</artifactId>
          <version>1.0</version>
          <properties>
            <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
            <maven.compiler.release>17</maven.compiler.release>
          </properties>
          <dependencies>
            <dependency>
              <groupId>dev.llmh</groupId>
              <artifactId>llmh-framework</artifactId>
              <version>VERSION</version>
              <scope>test</scope>
            </dependency>
            <!-- Not a user's: only for the benchmark's CPU listener (bench.CaseCpu). Surefire runs this launcher. -->
            <dependency>
              <groupId>org.junit.platform</groupId>
              <artifactId>junit-platform-launcher</artifactId>
              <version>JUNIT_VERSION</version>
              <scope>test</scope>
            </dependency>
          </dependencies>
          <build>
            <plugins>
              <plugin>
                <groupId>org.apache.maven.plugins</groupId>
                <artifactId>maven-compiler-plugin</artifactId>
                <version>3.14.1</version>
                <configuration>
                  <annotationProcessorPaths>
                    <path>
                      <groupId>dev.llmh</groupId>
                      <artifactId>llmh-annotations-processor</artifactId>
                      <version>VERSION</version>
                    </path>
                  </annotationProcessorPaths>
                </configuration>
              </plugin>
              <plugin>
                <groupId>org.apache.maven.plugins</groupId>
                <artifactId>maven-surefire-plugin</artifactId>
                <version>3.5.4</version>
                <configuration>
                  <includes>
                    <include>**/*.java</include>
                  </includes>
                  <failIfNoSpecifiedTests>false</failIfNoSpecifiedTests>
                </configuration>
              </plugin>
            </plugins>
          </build>
        </project>
        """.replace("JUNIT_VERSION", junitVersion).replace("VERSION", llmhVersion);
  }
}
