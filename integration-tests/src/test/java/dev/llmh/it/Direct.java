package dev.llmh.it;

import dev.llmh.compare.KlDivergence;
import dev.llmh.compare.TokenLogprobs;
import dev.llmh.embedded.engine.Engine.CompletionRequest;
import dev.llmh.embedded.engine.Engine.Logprobs;
import dev.llmh.embedded.engine.Engine.Top;
import dev.llmh.embedded.engine.LlamaEngine;
import dev.llmh.embedded.model.ModelFiles;
import dev.llmh.embedded.model.ModelSpec;
import dev.llmh.embedded.model.Vocabulary;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A distribution comparison worked out on two generated models opened in the test, without the
 * harness or a server: the reference's greedy text, and at each of its positions both models' whole
 * distributions after the prompt and the text before it.
 *
 * @param lumped per position, the figure over the reference's top k and one bucket for the rest
 * @param full per position, KL(reference ‖ candidate) over the whole vocabulary (tokens of the same
 *     text summed, which can only lower it)
 */
record Direct(double[] lumped, double[] full) {
  static final Path MODELS = Path.of("target", "llmh-models").toAbsolutePath();

  static Direct of(String reference, String candidate, String prompt, int tokens, int topK) throws IOException {
    ModelSpec r = ModelSpec.byName(reference);
    ModelSpec c = ModelSpec.byName(candidate);
    int vocabulary = Vocabulary.build(r.vocabularyTarget()).size();
    Path nativeDir = Path.of("target", "jllama-native").toAbsolutePath();
    try (LlamaEngine p = LlamaEngine.open(ModelFiles.ensure(r, MODELS), r, 1, 128, nativeDir);
        LlamaEngine q = LlamaEngine.open(ModelFiles.ensure(c, MODELS), c, 1, 128, nativeDir)) {
      List<String> pieces = new ArrayList<>();
      p.complete(new CompletionRequest(prompt, tokens, 0.0, 0, List.of(), false, null), pieces::add);
      double[] lumped = new double[pieces.size()];
      double[] full = new double[pieces.size()];
      StringBuilder text = new StringBuilder(prompt);
      for (int i = 0; i < pieces.size(); i++) {
        Map<String, Double> pAll = byText(p.logprobs(text.toString(), vocabulary, pieces.get(i)));
        Map<String, Double> qAll = byText(q.logprobs(text.toString(), vocabulary, pieces.get(i)));
        lumped[i] = KlDivergence.at(top(pieces.get(i), pAll, topK), top(pieces.get(i), qAll, topK)).kl();
        for (Map.Entry<String, Double> e : pAll.entrySet()) {
          full[i] += e.getValue() * Math.log(e.getValue() / qAll.get(e.getKey()));
        }
        text.append(pieces.get(i));
      }
      return new Direct(lumped, full);
    }
  }

  /** Probabilities by token text, most likely first. */
  private static Map<String, Double> byText(Logprobs all) {
    Map<String, Double> probabilities = new LinkedHashMap<>();
    for (Top t : all.top()) {
      probabilities.merge(t.token(), Math.exp(t.logprob()), Double::sum);
    }
    return probabilities;
  }

  /** The first {@code k} as a server lists them: log-probabilities. */
  private static TokenLogprobs top(String token, Map<String, Double> probabilities, int k) {
    Map<String, Double> top = new LinkedHashMap<>();
    probabilities.entrySet().stream().limit(k).forEach(e -> top.put(e.getKey(), Math.log(e.getValue())));
    return new TokenLogprobs(token, top);
  }
}
