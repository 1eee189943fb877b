package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.it.fixtures.FaultScenarios;
import dev.llmh.result.CaseResult;
import dev.llmh.result.Section;
import dev.llmh.sim.Faults;
import dev.llmh.sim.SimulatedServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server that echoes the Authorization header back — into {@code model}, into an error body —
 * and credentials given in the endpoint URL: neither reaches the results file, the journal, the
 * console or the test's failure message, which Surefire copies into its reports.
 */
class CredentialsHygieneTest {
  private static final String KEY = "sk-hygiene-0123456789abcdef";
  private static final String PASSWORD = "s3cret-pass-42";

  @Test
  void anEchoedKeyIsHiddenEverywhere(@TempDir Path results) throws IOException {
    Faults faults = Faults.of(Faults.echoesAuthorization(1), new Faults.Status(3, 503, "denied for Bearer " + KEY));
    try (SimulatedServer server = SimulatedServer.start(FailureTaxonomyTest.fast().withRequiredApiKey(KEY).withHook(faults))) {
      Captured run = Captured.of(Map.of("llmh.endpoint", server.baseUrl(), "llmh.apiKey", KEY), results);

      CaseResult result = run.engine.record().results().get(0);
      assertThat(result.requests().succeeded()).as("the key was sent: the simulator requires it").isEqualTo(5);
      assertThat(result.endpoint().servedModel()).isEqualTo("Bearer <hidden>");
      assertThat(result.samples().get(2).error()).isEqualTo("HTTP 503: {\"error\":{\"message\":\"denied for Bearer <hidden>\","
          + "\"type\":\"server_error\",\"code\":503}}");
      assertThat(result.section(Section.WARNINGS)).contains("requested model 'any' but the server answered as 'Bearer <hidden>'");
      run.assertNowhere(KEY);
    }
  }

  @Test
  void userInfoInTheUrlIsSentAsBasicAuthAndShownNowhere(@TempDir Path results) throws IOException {
    String basic = Base64.getEncoder().encodeToString(("ann:" + PASSWORD).getBytes(StandardCharsets.UTF_8));
    Faults faults = Faults.of(Faults.echoesAuthorization(1), new Faults.Status(3, 503, "password " + PASSWORD + " expired"));
    try (SimulatedServer server = SimulatedServer.start(FailureTaxonomyTest.fast().withHook(faults))) {
      String shown = server.baseUrl();
      String withUserInfo = shown.replace("http://", "http://ann:" + PASSWORD + "@");
      Captured run = Captured.of(Map.of("llmh.endpoint", withUserInfo), results);

      CaseResult result = run.engine.record().results().get(0);
      assertThat(result.endpoint().url()).isEqualTo(shown);
      assertThat(result.endpoint().servedModel()).as("Basic auth was sent, and hidden").isEqualTo("Basic <hidden>");
      assertThat(result.samples().get(2).error()).contains("password <hidden> expired");
      assertThat(run.console()).contains("endpoint   remote " + shown);
      run.assertNowhere(PASSWORD);
      run.assertNowhere(basic);
    }
  }

  /** An engine run with its console output and every file it wrote. */
  private record Captured(EngineRun engine, String console, String files, String failure) {
    static Captured of(Map<String, String> config, Path results) throws IOException {
      PrintStream original = System.out;
      ByteArrayOutputStream console = new ByteArrayOutputStream();
      EngineRun run;
      try (PrintStream tee = new PrintStream(console, true, StandardCharsets.UTF_8)) {
        System.setOut(tee);
        run = EngineRun.of(config, results, FaultScenarios.Plain.class);
      } finally {
        System.setOut(original);
      }
      String text = console.toString(StandardCharsets.UTF_8);
      System.out.print(text);
      StringBuilder files = new StringBuilder();
      try (Stream<Path> written = Files.walk(results)) {
        for (Path file : written.filter(Files::isRegularFile).toList()) {
          files.append(Files.readString(file));
        }
      }
      return new Captured(run, text, files.toString(), FailureTaxonomyTest.failureMessage(run));
    }

    void assertNowhere(String secret) {
      assertThat(files).as("results and journal").isNotEmpty().doesNotContain(secret);
      assertThat(console).as("console").isNotEmpty().doesNotContain(secret);
      assertThat(failure).as("failure message").contains("1 of 6 measured requests failed").doesNotContain(secret);
    }
  }
}
