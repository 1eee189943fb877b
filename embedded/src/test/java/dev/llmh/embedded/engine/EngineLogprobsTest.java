package dev.llmh.embedded.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import de.kherud.llama.InferenceParameters;
import de.kherud.llama.LlamaModel;
import de.kherud.llama.ModelParameters;
import dev.llmh.embedded.engine.Engine.CompletionRequest;
import dev.llmh.embedded.engine.Engine.Logprobs;
import dev.llmh.embedded.engine.Engine.Top;
import dev.llmh.embedded.model.ModelFiles;
import dev.llmh.embedded.model.ModelSpec;
import dev.llmh.embedded.model.TensorType;
import dev.llmh.embedded.model.Vocabulary;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The log-probabilities rebuilt from llama.cpp's hidden state ({@code OutputHead}) against
 * llama.cpp's own logits, for each weight type, at every position of a greedy answer, on the top 20.
 *
 * <p>java-llama.cpp 4.1.0 returns no logits, but llama.cpp's sampler reads them: with a logit bias
 * {@code b} on token {@code t} and greedy sampling, llama.cpp picks {@code t} exactly when {@code
 * logit(t) + b > logit(top)}. So the gap {@code logit(top) − logit(t)}, which is also the gap of
 * the log-probabilities, is llama.cpp's own figure, read back by asking with a bias just below and
 * just above the gap the head predicts, with the whole text in one batch as the hidden-state
 * instance reads it. A hidden state of the wrong length scales every gap (one part in 10,000 moves a
 * gap of 3.6 nats by 3.6·10⁻⁴), one from the wrong position changes them altogether.
 */
class EngineLogprobsTest {
  static final Path TARGET = Path.of("target").toAbsolutePath();
  static final int TOP = 20;
  static final int ANSWER = 8;
  /**
   * Nats. The head rebuilds the hidden state's length as c·√n, which RMS normalisation's ε makes a
   * relative 5·10⁻⁶ too long at most: F32 gaps of up to 4 nats move by 2·10⁻⁵, Q8_0 ones by less (its
   * activation quants do not change with the scale). F16 rounds the activation to halves, and a value
   * that much off lands on the neighbouring half now and then: one step of 2⁻¹¹ of a value moves a
   * logit by up to about 5·10⁻⁴ (3.9·10⁻⁴ measured).
   */
  static final Map<TensorType, Double> TOLERANCE = Map.of(TensorType.F32, 1e-4, TensorType.F16, 1e-3, TensorType.Q8_0, 1e-4, TensorType.Q4_0, 1e-4);

  @Test
  void theTop20LogprobGapsAreLlamaCppsOwnAtEveryPosition() throws IOException {
    for (TensorType type : List.of(TensorType.F32, TensorType.F16, TensorType.Q8_0, TensorType.Q4_0)) {
      ModelSpec spec = ModelSpec.TINY.withTensorType(type);
      Path file = ModelFiles.ensure(spec, TARGET.resolve("test-models"));
      try (LlamaEngine engine = LlamaEngine.open(file, spec, 1, 128, TARGET.resolve("jllama-native"));
          LlamaModel probe = new LlamaModel(new ModelParameters().setModel(file.toString()).setCtxSize(128)
              .setParallel(1).setGpuLayers(0).disableContextShift())) {
        String prompt = "Define latency in one sentence.";
        List<String> pieces = new ArrayList<>();
        engine.complete(new CompletionRequest(prompt, ANSWER, 0.0, 1, List.of(), false, null), pieces::add);
        assertThat(pieces).hasSize(ANSWER);
        double worst = 0;
        double widest = 0;
        int checked = 0;
        StringBuilder text = new StringBuilder(prompt);
        for (int position = 0; position <= ANSWER; position++) {
          Logprobs at = engine.logprobs(text.toString(), TOP, position < ANSWER ? pieces.get(position) : "");
          String where = type + " after '" + text + "'";
          assertThat(at.top()).as(where).hasSize(TOP);
          Top top = at.top().get(0);
          if (position < ANSWER) {
            assertThat(top.token()).as(where).isEqualTo(pieces.get(position));
            assertThat(at.logprob()).as(where).isEqualTo(top.logprob());
          }
          for (Top t : at.top().subList(1, TOP)) {
            double gap = top.logprob() - t.logprob();
            widest = Math.max(widest, gap);
            worst = Math.max(worst, Math.abs(gap - llamaCppGap(probe, text.toString(), t.token(), gap, TOLERANCE.get(type), where)));
            checked++;
          }
          if (position == 0) {
            // the gaps fix the log-probabilities up to one constant, which normalisation fixes
            Logprobs all = engine.logprobs(text.toString(), Vocabulary.build(spec.vocabularyTarget()).size(), "");
            assertThat(all.top().stream().mapToDouble(t -> Math.exp(t.logprob())).sum()).as(where).isCloseTo(1.0, within(1e-9));
            assertThat(all.top().subList(0, TOP)).as(where).isEqualTo(at.top());
          }
          if (position < ANSWER) {
            text.append(pieces.get(position));
          }
        }
        System.out.printf("%s: %d gaps (up to %.3f nats) within %.1e nats of llama.cpp's own, the largest difference %.2e%n",
            type, checked, widest, TOLERANCE.get(type), worst);
      }
    }
  }

  /**
   * llama.cpp's own {@code logit(top) − logit(token)} after {@code text}, asserted to lie within
   * {@code tolerance} of {@code predicted}, then narrowed down inside that interval.
   */
  private static double llamaCppGap(LlamaModel probe, String text, String token, double predicted, double tolerance, String where) {
    int[] ids = probe.encode(token);
    assertThat(ids).as(where + ": '" + token + "' is one token").hasSize(1);
    double below = predicted - tolerance;
    double above = predicted + tolerance;
    assertThat(wins(probe, text, ids[0], token, below)).as(where + ": '" + token + "' wins with a bias of " + below).isFalse();
    assertThat(wins(probe, text, ids[0], token, above)).as(where + ": '" + token + "' loses with a bias of " + above).isTrue();
    for (int step = 0; step < 8; step++) {
      double middle = (below + above) / 2;
      if (wins(probe, text, ids[0], token, middle)) {
        above = middle;
      } else {
        below = middle;
      }
    }
    return (below + above) / 2;
  }

  /** Whether llama.cpp, sampling greedily with {@code bias} added to token {@code id}'s logit, picks it. */
  private static boolean wins(LlamaModel probe, String text, int id, String token, double bias) {
    InferenceParameters parameters = new InferenceParameters(text)
        .setNPredict(1)
        .setTemperature(0f)
        .setSeed(1)
        .setCachePrompt(false)
        .setTokenIdBias(Map.of(id, (float) bias));
    return probe.complete(parameters).equals(token);
  }
}
