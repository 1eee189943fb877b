package dev.llmh.trainer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.embedded.model.ModelFiles;
import dev.llmh.embedded.model.TensorType;
import dev.llmh.trainer.model.ModelShape;
import dev.llmh.trainer.train.Training;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Issue 28, point 1: one seed gives one set of weights, and training lowers the loss. */
class TrainingTest {
  static final Path TARGET = Path.of("target", "training-test").toAbsolutePath();
  static final ModelShape TINY = new ModelShape("tiny-trained", 1, 32, 2, 64, 1024, 512);

  @Test
  void theSameSeedTrainsTheSameWeightsToTheByte() throws IOException {
    List<Float> losses = new ArrayList<>();
    Path first = train(42, "a", losses);
    Path again = train(42, "b", new ArrayList<>());
    Path other = train(7, "c", new ArrayList<>());
    assertThat(ModelFiles.sha256(again)).isEqualTo(ModelFiles.sha256(first));
    assertThat(ModelFiles.sha256(other)).isNotEqualTo(ModelFiles.sha256(first));
    // 40 steps of a model this small: from about ln(vocabulary) ≈ 6.2 nats, down by more than half a nat.
    assertThat(losses.get(0)).isGreaterThan(5.5f);
    assertThat(losses.get(losses.size() - 1)).isLessThan(losses.get(0) - 0.5f);
  }

  private static Path train(long seed, String run, List<Float> losses) throws IOException {
    Train.Options options = Train.Options.parse(new String[] {"seed=" + seed, "steps=40", "examples=400", "batch=4",
        "out=" + TARGET.resolve(run)}).withShape(TINY);
    return Train.train(options, List.of(TensorType.F32), (Training.Progress p) -> losses.add(p.loss())).get(TensorType.F32);
  }
}
