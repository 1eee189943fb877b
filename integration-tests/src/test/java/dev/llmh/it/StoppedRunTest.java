package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmh.result.CaseResult;
import dev.llmh.result.ResultsFiles;
import dev.llmh.result.RunRecord;
import dev.llmh.result.Section;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run stopped midway still leaves its record: the sample journal holds every request that
 * finished, and the shutdown hook writes the results file, marked incomplete, from what finished.
 */
class StoppedRunTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  /**
   * How long the child may take to get going, only against a hang: a fresh JVM opening its endpoint
   * (bandwidth probe, 500 warm-up requests) took over 20 s with two builds on two cores.
   */
  private static final long HANG_MS = 180_000;

  @Test
  void sigtermMidRunLeavesTheJournalAndAnIncompleteRecord(@TempDir Path results) throws Exception {
    Process child = start(results);
    try {
      Path journal = awaitJournalLines(results, 3, HANG_MS);
      child.destroy(); // SIGTERM
      assertThat(child.waitFor(15, TimeUnit.SECONDS)).as("the child stops").isTrue();

      List<JsonNode> lines = lines(journal);
      assertThat(lines.size()).isGreaterThanOrEqualTo(3).isLessThan(60);
      assertThat(lines).allSatisfy(line -> {
        assertThat(line.get("scenario").asText()).endsWith("LongScenario");
        assertThat(line.get("caseId").asText()).isEqualTo("question[concurrency=1]");
        assertThat(line.get("sample").get("error").isNull()).isTrue();
        assertThat(line.get("sample").get("chunk_ms")).hasSize(3);
      });

      RunRecord record = ResultsFiles.read(results.resolve("latest.json"));
      assertThat(record.run().complete()).isFalse();
      String journalName = journal.getFileName().toString();
      assertThat(results.resolve(journalName.replace(".ndjson", ".json"))).exists();
      CaseResult cut = record.results().get(0);
      assertThat(cut.section(Section.WARNINGS)).anySatisfy(w -> assertThat(w).startsWith("run stopped during this case"));
      // The hook wrote what had finished when it ran; the journal may have one more line, never fewer.
      assertThat(cut.requests().measured()).isBetween(lines.size() - 1, lines.size());
      assertThat(cut.samples()).hasSize(cut.requests().measured());
    } finally {
      child.destroyForcibly();
      child.waitFor(10, TimeUnit.SECONDS);
      System.out.println(Files.readString(results.resolve("child.log")));
    }
  }

  @Test
  void sigtermBeforeAnyRequestFinishedStillLeavesTheRecord(@TempDir Path results) throws Exception {
    Process child = start(results, "stalled");
    try {
      Path journal = awaitJournalLines(results, 0, HANG_MS);
      awaitLog(results, "client warmed up", HANG_MS); // the endpoint is open: the case starts now
      Thread.sleep(1000); // the first request is out, waiting a minute for its first token
      child.destroy(); // SIGTERM
      assertThat(child.waitFor(15, TimeUnit.SECONDS)).as("the child stops").isTrue();

      assertThat(lines(journal)).isEmpty();
      RunRecord record = ResultsFiles.read(results.resolve("latest.json"));
      assertThat(record.run().complete()).isFalse();
      CaseResult cut = record.results().get(0);
      assertThat(cut.requests().measured()).isZero();
      assertThat(cut.samples()).isEmpty();
      assertThat(cut.section(Section.WARNINGS)).contains("run stopped during this case: 0 of 60 measured requests had finished;"
          + " the figures and verdicts are of those");
      // Nothing finished, so nothing passed.
      assertThat(cut.verdict()).isEqualTo("INCONCLUSIVE");
      assertThat(cut.verdictReasons()).contains("no measured request finished: there is nothing to judge");
    } finally {
      child.destroyForcibly();
      child.waitFor(10, TimeUnit.SECONDS);
      System.out.println(Files.readString(results.resolve("child.log")));
    }
  }

  private static Process start(Path results, String... extra) throws IOException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command = new java.util.ArrayList<>(
        List.of(java, "-cp", System.getProperty("java.class.path"), StoppedRunMain.class.getName(), results.toString()));
    command.addAll(List.of(extra));
    return new ProcessBuilder(command)
        .redirectErrorStream(true)
        .redirectOutput(results.resolve("child.log").toFile())
        .start();
  }

  private static Path awaitJournalLines(Path dir, int count, long timeoutMs) throws Exception {
    long deadline = System.currentTimeMillis() + timeoutMs;
    while (System.currentTimeMillis() < deadline) {
      try (Stream<Path> files = Files.list(dir)) {
        Path journal = files.filter(p -> p.getFileName().toString().endsWith(".ndjson")).findFirst().orElse(null);
        if (journal != null && Files.readAllLines(journal).size() >= count) {
          return journal;
        }
      }
      Thread.sleep(50);
    }
    throw new AssertionError("no journal with " + count + " lines in " + dir + " within " + timeoutMs + " ms: "
        + Files.readString(dir.resolve("child.log")));
  }

  private static void awaitLog(Path dir, String text, long timeoutMs) throws Exception {
    long deadline = System.currentTimeMillis() + timeoutMs;
    while (!Files.readString(dir.resolve("child.log")).contains(text)) {
      if (System.currentTimeMillis() > deadline) {
        throw new AssertionError("no '" + text + "' in the child's log within " + timeoutMs + " ms: "
            + Files.readString(dir.resolve("child.log")));
      }
      Thread.sleep(50);
    }
  }

  private static List<JsonNode> lines(Path journal) throws IOException {
    return Files.readAllLines(journal).stream().filter(l -> !l.isBlank()).map(l -> {
      try {
        return MAPPER.readTree(l);
      } catch (IOException e) {
        throw new AssertionError("not JSON: " + l, e);
      }
    }).toList();
  }
}
