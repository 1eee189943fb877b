package dev.llmh.embedded.engine;

import de.kherud.llama.LlamaModel;
import de.kherud.llama.ModelParameters;
import de.kherud.llama.PooledLast;
import dev.llmh.embedded.model.OutputHead;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The next token's distribution after a text, for log-probabilities: llama.cpp's final hidden state
 * after the text (a second instance of the model, loaded for embeddings pooled on the last token)
 * through the model file's output projection ({@link OutputHead}), softmax over the whole
 * vocabulary. These are the model's own probabilities, before any sampling (no temperature, top-k
 * or top-p applies to them). A second instance, since one loaded for embeddings does not generate.
 */
final class NextTokens implements AutoCloseable {

  private final LlamaModel hidden;
  private final OutputHead head;
  private final String[] pieces;

  private NextTokens(LlamaModel hidden, OutputHead head, String[] pieces) {
    this.hidden = hidden;
    this.head = head;
    this.pieces = pieces;
  }

  /**
   * @param generator the generating instance, whose tokenizer names each token id
   * @param context tokens of the longest text asked about: prompt and answer
   */
  static NextTokens open(Path modelFile, LlamaModel generator, int context, Path logFile) throws IOException {
    OutputHead head = OutputHead.read(modelFile);
    String[] pieces = new String[head.vocabulary()];
    for (int id = 0; id < pieces.length; id++) {
      pieces[id] = generator.decode(new int[] {id});
    }
    int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
    ModelParameters parameters = PooledLast.of(new ModelParameters()
        .setModel(modelFile.toAbsolutePath().toString())
        .setCtxSize(context)
        .setBatchSize(context)
        .setUbatchSize(context)
        .setParallel(1)
        .setThreads(threads)
        .setThreadsBatch(threads)
        .setGpuLayers(0)
        .disableContextShift()
        .enableEmbedding()
        .setLogFile(logFile.toString()));
    try {
      return new NextTokens(new LlamaModel(parameters), head, pieces);
    } catch (RuntimeException e) { // LlamaException is package-private
      throw new IOException("llama.cpp could not load " + modelFile + " for its hidden states: " + e.getMessage(), e);
    }
  }

  /** The distribution of the token after {@code text}: {@code chosen} (token {@code chosenId}) and the {@code k} most likely. */
  Engine.Logprobs after(String text, int k, String chosen, int chosenId) {
    double[] logits = head.logits(hidden.embed(text));
    double max = Double.NEGATIVE_INFINITY;
    for (double l : logits) {
      max = Math.max(max, l);
    }
    double sum = 0;
    for (double l : logits) {
      sum += Math.exp(l - max);
    }
    double logZ = max + Math.log(sum);
    List<Engine.Top> top = new ArrayList<>(k);
    boolean[] taken = new boolean[logits.length];
    for (int n = 0; n < Math.min(k, logits.length); n++) {
      int best = -1;
      for (int t = 0; t < logits.length; t++) {
        if (!taken[t] && (best < 0 || logits[t] > logits[best])) {
          best = t;
        }
      }
      taken[best] = true;
      top.add(new Engine.Top(pieces[best], logits[best] - logZ));
    }
    return new Engine.Logprobs(chosen, chosenId < 0 || chosenId >= logits.length ? Double.NaN : logits[chosenId] - logZ, top);
  }

  @Override
  public void close() {
    hidden.close();
  }
}
