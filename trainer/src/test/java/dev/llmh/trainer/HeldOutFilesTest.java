package dev.llmh.trainer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.trainer.corpus.Corpus;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The held-out files that ship beside the trained model are what this corpus writes, so the
 * questions measured are the ones the model never trained on; the calibration text holds the
 * held-out examples answered right, a paragraph each.
 */
class HeldOutFilesTest {
  private static final String SHIPPED = "/dev/llmh/embedded/trained/";

  @Test
  void theShippedFilesAreTheCorpussOwn(@TempDir Path written) throws IOException {
    HeldOutFiles.write(Corpus.of(42), written, 100);
    try (var files = Files.list(written)) {
      for (Path file : files.toList()) {
        assertThat(shipped(file.getFileName().toString())).as(file.getFileName().toString()).isEqualTo(Files.readString(file));
      }
    }
    String[] paragraphs = shipped(HeldOutFiles.CALIBRATION).split("\n\n");
    assertThat(paragraphs).hasSize(HeldOutFiles.TASKS.size() * HeldOutFiles.CALIBRATION_PER_TASK)
        .allSatisfy(p -> assertThat(p).startsWith("<|im_start|>").endsWith("<|im_end|>").doesNotContain("\n\n"));
  }

  private static String shipped(String name) throws IOException {
    try (InputStream in = HeldOutFilesTest.class.getResourceAsStream(SHIPPED + name)) {
      assertThat(in).as(name + " ships with the model").isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
