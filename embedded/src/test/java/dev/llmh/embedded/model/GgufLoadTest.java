package dev.llmh.embedded.model;

import static org.assertj.core.api.Assertions.assertThat;

import de.kherud.llama.LlamaModel;
import de.kherud.llama.ModelParameters;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class GgufLoadTest {

  @Test
  void llamaCppLoadsTheTinyModelAndTokenizesWords() throws Exception {
    Path dir = Path.of("target", "test-models").toAbsolutePath();
    Path nativeDir = Path.of("target", "jllama-native").toAbsolutePath();
    Files.createDirectories(nativeDir);
    System.setProperty("de.kherud.llama.tmpdir", nativeDir.toString());
    Path file = ModelFiles.ensure(ModelSpec.TINY, dir);
    try (LlamaModel model = new LlamaModel(new ModelParameters().setModel(file.toString()).setCtxSize(512).setThreads(2))) {
      int[] tokens = model.encode("What does latency stand for?");
      System.out.println(java.util.Arrays.toString(tokens) + " " + tokens.length);
      for (int t : tokens) {
        System.out.print("[" + model.decode(new int[] {t}) + "]");
      }
      System.out.println();
      assertThat(tokens.length).isLessThan(10);
    }
  }
}
