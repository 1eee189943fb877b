package dev.llmh.samples.build;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Not a sample: the build's check that the results file keeps its shape. It reads the record the
 * samples' run just left and compares every JSON path in it (array elements as {@code []}) with
 * {@code results-file-keys.txt}, so that a change to how the record is built cannot rename, drop or
 * add a field unnoticed. Paths marked {@code ?} there depend on what the run met (a reasoning chunk,
 * a judge reply that could not be read) and may be absent; {@code ? x.**} allows more paths below
 * {@code x}. Run by {@code mvn verify} after the samples (the {@code results-file-keys} execution in
 * this module's pom).
 */
class ResultsFileKeysTest {
  private static final Path RECORD = Path.of("target", "llmh", "latest.json");
  private static final String GOLDEN = "/results-file-keys.txt";

  @Test
  void theSamplesRecordHasExactlyTheKnownKeys() throws IOException {
    assertTrue(Files.exists(RECORD), RECORD + " is missing: run the samples first (mvn verify runs them before this test)");
    JsonNode record = new ObjectMapper().readTree(RECORD.toFile());
    assertTrue(record.path("schemaVersion").asInt() == 1, "schemaVersion is " + record.path("schemaVersion"));
    Set<String> found = new TreeSet<>();
    collect(record, "", found);

    Map<Boolean, Set<String>> golden = golden();
    Set<String> required = golden.get(true);
    Set<String> optional = golden.get(false);
    Set<String> missing = new TreeSet<>(required);
    missing.removeAll(found);
    Set<String> unknown = new TreeSet<>(found);
    unknown.removeAll(required);
    unknown.removeAll(optional);
    unknown.removeIf(path -> optional.stream().anyMatch(o -> o.endsWith(".**") && path.startsWith(o.substring(0, o.length() - 2))));
    assertTrue(missing.isEmpty() && unknown.isEmpty(),
        "the results file's keys changed.\n missing: " + missing + "\n new: " + unknown
            + "\n(" + GOLDEN + " lists every path; a change there is a change to the file's format)");
  }

  /** Every object field's path: {@code results[].metrics.ttft_ms.p50}. */
  static void collect(JsonNode node, String path, Set<String> into) {
    if (node.isObject()) {
      node.fields().forEachRemaining(field -> {
        String child = path.isEmpty() ? field.getKey() : path + "." + field.getKey();
        into.add(child);
        collect(field.getValue(), child, into);
      });
    } else if (node.isArray()) {
      node.forEach(element -> collect(element, path + "[]", into));
    }
  }

  /** The golden paths: {@code true} the required ones, {@code false} those marked {@code ?}. */
  private static Map<Boolean, Set<String>> golden() throws IOException {
    try (var in = ResultsFileKeysTest.class.getResourceAsStream(GOLDEN)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
          .map(String::strip)
          .filter(line -> !line.isEmpty() && !line.startsWith("#"))
          .collect(Collectors.partitioningBy(line -> !line.startsWith("?"),
              Collectors.mapping(line -> line.replaceFirst("^\\?\\s*", ""), Collectors.toCollection(TreeSet::new))));
    }
  }
}
