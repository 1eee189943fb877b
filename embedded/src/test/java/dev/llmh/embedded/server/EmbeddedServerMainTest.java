package dev.llmh.embedded.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 15, unit = TimeUnit.SECONDS)
class EmbeddedServerMainTest {

  @Test
  void parsesTheCommandLine() {
    EmbeddedServerMain.Options o = EmbeddedServerMain.parse(new String[] {
        "--models-dir", "target/models", "--model", "tiny", "--slots", "2", "--slot-context", "1024",
        "--port", "8123", "--native-tmp", "target/native"});
    assertThat(o).isEqualTo(new EmbeddedServerMain.Options(
        Path.of("target/models"), "tiny", 2, 1024, 8123, Path.of("target/native")));
  }

  @Test
  void thePortDefaultsToEphemeral() {
    EmbeddedServerMain.Options o = EmbeddedServerMain.parse(new String[] {
        "--models-dir", "m", "--model", "small", "--slots", "1", "--slot-context", "64", "--native-tmp", "n"});
    assertThat(o.port()).isZero();
  }

  @Test
  void rejectsBadCommandLinesWithAReason() {
    assertThatThrownBy(() -> EmbeddedServerMain.parse(new String[] {"--model", "tiny"}))
        .hasMessageContaining("missing --models-dir");
    assertThatThrownBy(() -> EmbeddedServerMain.parse(new String[] {"--bogus", "1"}))
        .hasMessageContaining("unknown argument '--bogus'");
    assertThatThrownBy(() -> EmbeddedServerMain.parse(new String[] {
        "--models-dir", "m", "--model", "tiny", "--slots", "two", "--slot-context", "64", "--native-tmp", "n"}))
        .hasMessageContaining("--slots must be an integer");
    assertThatThrownBy(() -> EmbeddedServerMain.parse(new String[] {
        "--models-dir", "m", "--model", "tiny", "--slots", "0", "--slot-context", "64", "--native-tmp", "n"}))
        .hasMessageContaining("--slots must be in 1..");
    assertThatThrownBy(() -> EmbeddedServerMain.parse(new String[] {"--models-dir"}))
        .hasMessageContaining("--models-dir needs a value");
  }

  @Test
  void generatingAModelIsAnnouncedWithItsSizeInMegabytes() {
    assertThat(EmbeddedServerMain.generating("llmh-small", 69_345_184)).isEqualTo("generating model llmh-small (69 MB)");
    assertThat(EmbeddedServerMain.generating("llmh-tiny", 300_000)).isEqualTo("generating model llmh-tiny (1 MB)");
  }

  @Test
  void aBadCommandLineIsOneFailedLineAndExitStatus1() throws Exception {
    Process p = new ProcessBuilder(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"),
        EmbeddedServerMain.class.getName(), "--model", "tiny")
        .redirectError(ProcessBuilder.Redirect.DISCARD)
        .start();
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).isEqualTo(1);
    List<String> lines = out.lines().toList();
    assertThat(lines).hasSize(1);
    assertThat(lines.get(0)).startsWith("LLMH-EMBEDDED-FAILED ").contains("missing --models-dir");
  }

  @Test
  void theProcessAnnouncesItselfServesAndExitsWhenStdinCloses() throws Exception {
    Process p = fakeServer();
    StringBuilder err = new StringBuilder();
    Thread reader = drain(p, err);
    int port = ready(p);
    HttpResponse<String> models = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build().send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/v1/models")).build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(models.statusCode()).isEqualTo(200);
    assertThat(models.body()).contains("\"id\":\"llmh-fake\"");

    p.getOutputStream().close(); // the parent going away
    assertThat(p.waitFor(10, TimeUnit.SECONDS)).as("exited after stdin EOF").isTrue();
    assertThat(p.exitValue()).isZero();
    assertThat(p.getInputStream().readAllBytes()).as("nothing more on stdout").isEmpty();
    reader.join(5000); // stderr ends with the process
    synchronized (err) {
      assertThat(err.toString()).contains(FakeServerProcess.CLOSED);
    }
  }

  @Test
  void theProcessExitsOnSigterm() throws Exception {
    Process p = fakeServer();
    StringBuilder err = new StringBuilder();
    Thread reader = drain(p, err);
    ready(p);
    // Not Process.destroy(): it also closes the child's pipes, stdin among them.
    Process kill = new ProcessBuilder("kill", "-TERM", Long.toString(p.pid())).inheritIO().start();
    assertThat(kill.waitFor(5, TimeUnit.SECONDS) && kill.exitValue() == 0).isTrue();
    assertThat(p.waitFor(10, TimeUnit.SECONDS)).as("exited after SIGTERM").isTrue();
    assertThat(p.exitValue()).isEqualTo(143); // 128 + SIGTERM: the JVM's status after its hooks ran
    reader.join(5000); // stderr ends with the process
    synchronized (err) {
      assertThat(err.toString()).contains(FakeServerProcess.CLOSED);
    }
  }

  private static Process fakeServer() throws IOException {
    return new ProcessBuilder(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"),
        FakeServerProcess.class.getName())
        .start();
  }

  /** Reads the READY line and returns the port. */
  private static int ready(Process p) throws IOException {
    BufferedReader lines = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8), 1);
    String line = lines.readLine();
    assertThat(line).isNotNull().matches("LLMH-EMBEDDED-READY port=\\d+ model=llmh-fake");
    return Integer.parseInt(line.substring(line.indexOf("port=") + 5, line.indexOf(" model=")));
  }

  /** Collects stderr, so the child never blocks on a full pipe. */
  private static Thread drain(Process p, StringBuilder err) {
    Thread t = new Thread(() -> {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8))) {
        for (String line; (line = r.readLine()) != null; ) {
          synchronized (err) {
            err.append(line).append('\n');
          }
        }
      } catch (IOException ignored) {
        // the process ended
      }
    }, "fake-server-stderr");
    t.setDaemon(true);
    t.start();
    return t;
  }
}
