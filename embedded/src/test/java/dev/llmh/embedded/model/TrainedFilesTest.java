package dev.llmh.embedded.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The trained files that ship: each one {@code models.sha256} lists is there with that hash (a file
 * trained again and copied in without its manifest is caught), its trainer's report names the same
 * hash and the trainer's arguments, and every model the server serves as trained has a file.
 */
class TrainedFilesTest {

  @Test
  void eachShippedFileHasTheHashItsManifestAndReportName() throws Exception {
    List<String> manifest = resource("models.sha256").lines().filter(l -> !l.isBlank()).toList();
    assertThat(manifest).isNotEmpty();
    for (String line : manifest) {
      String[] entry = line.split(" {2}");
      assertThat(entry).as(line).hasSize(2);
      String hash = entry[0];
      String file = entry[1];
      assertThat(sha256(bytes(file))).as(file).isEqualTo(hash);
      String model = file.replace("-f16.gguf", "");
      String report = resource(model + ".txt");
      assertThat(report).as(model + ".txt").contains("sha256 " + hash)
          .contains("size=").contains(" trained in ");
    }
    for (String name : ModelSpec.NAMES) {
      ModelSpec spec = ModelSpec.byName(name);
      if (spec.trained()) {
        assertThat(manifest).as(name + " is served, so it ships").anyMatch(l -> l.endsWith("  " + name + "-f16.gguf"));
      }
    }
  }

  private static String resource(String name) throws IOException {
    return new String(bytes(name), StandardCharsets.UTF_8);
  }

  private static byte[] bytes(String name) throws IOException {
    try (InputStream in = TrainedFilesTest.class.getResourceAsStream(ModelFiles.TRAINED + name)) {
      assertThat(in).as(ModelFiles.TRAINED + name).isNotNull();
      return in.readAllBytes();
    }
  }

  private static String sha256(byte[] bytes) throws Exception {
    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
  }
}
