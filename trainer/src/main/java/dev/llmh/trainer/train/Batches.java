package dev.llmh.trainer.train;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import dev.llmh.embedded.model.Vocabulary;
import dev.llmh.trainer.text.ChatTokens.Tokenised;
import java.util.ArrayList;
import java.util.List;

/**
 * Examples packed whole into rows of {@code length + 1} tokens, the rest of a row padded and never
 * learnt; batch {@code k} takes the rows after batch {@code k − 1}'s, round and round. An example
 * attends to the ones before it in its row, as in any packed training; it learns only its answer.
 */
public final class Batches {
  private final List<int[]> ids = new ArrayList<>();
  private final List<boolean[]> learnt = new ArrayList<>();
  private final int length;
  private final int batch;

  public Batches(List<Tokenised> examples, int length, int batch) {
    this.length = length;
    this.batch = batch;
    int[] row = null;
    boolean[] rowLearnt = null;
    int used = 0;
    for (Tokenised e : examples) {
      if (e.ids().length > length + 1) {
        throw new IllegalArgumentException("an example of " + e.ids().length + " tokens does not fit a row of " + (length + 1));
      }
      if (row == null || used + e.ids().length > length + 1) {
        row = new int[length + 1];
        java.util.Arrays.fill(row, Vocabulary.UNK);
        rowLearnt = new boolean[length + 1];
        ids.add(row);
        learnt.add(rowLearnt);
        used = 0;
      }
      System.arraycopy(e.ids(), 0, row, used, e.ids().length);
      System.arraycopy(e.learnt(), 0, rowLearnt, used, e.learnt().length);
      used += e.ids().length;
    }
    if (ids.size() < batch) {
      throw new IllegalArgumentException(ids.size() + " rows of examples are fewer than a batch of " + batch);
    }
  }

  public int rows() {
    return ids.size();
  }

  /** Batch {@code step}: inputs and targets (batch, length) as int64, and the mask of learnt targets as float32. */
  public NDList get(int step, NDManager manager) {
    long[] inputs = new long[batch * length];
    long[] targets = new long[batch * length];
    float[] mask = new float[batch * length];
    for (int b = 0; b < batch; b++) {
      int r = (int) (((long) step * batch + b) % ids.size());
      for (int t = 0; t < length; t++) {
        inputs[b * length + t] = ids.get(r)[t];
        targets[b * length + t] = ids.get(r)[t + 1];
        mask[b * length + t] = learnt.get(r)[t + 1] ? 1f : 0f;
      }
    }
    Shape shape = new Shape(batch, length);
    NDArray in = manager.create(inputs, shape);
    NDArray out = manager.create(targets, shape);
    return new NDList(in, out, manager.create(mask, shape));
  }
}
