package dev.llmh.trainer.text;

import de.kherud.llama.LlamaModel;
import de.kherud.llama.ModelParameters;
import dev.llmh.embedded.model.Vocabulary;
import dev.llmh.trainer.corpus.Example;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Examples as token ids, split into pieces by llama.cpp itself — the tokenizer that will read the
 * prompts the trained model is served — from a model file that carries the vocabulary. The control
 * tokens between turns are placed by id, as llama.cpp places them when it reads a templated prompt:
 * it splits the text at them and tokenizes each stretch between on its own.
 */
public final class ChatTokens implements AutoCloseable {
  private final LlamaModel tokenizer;

  /** An example's ids, and which of them the model learns to write: its answer and the end of the turn. */
  public record Tokenised(int[] ids, boolean[] learnt) {}

  /** Reads the vocabulary of {@code modelFile}; llama.cpp's native library is unpacked into {@code nativeDir}. */
  public ChatTokens(Path modelFile, Path nativeDir) throws java.io.IOException {
    java.nio.file.Files.createDirectories(nativeDir);
    System.setProperty("de.kherud.llama.tmpdir", nativeDir.toAbsolutePath().toString());
    this.tokenizer = new LlamaModel(new ModelParameters().setModel(modelFile.toAbsolutePath().toString())
        .setCtxSize(64).setParallel(1).setGpuLayers(0).setThreads(1));
  }

  public Tokenised encode(Example example) {
    IntList ids = new IntList();
    ChatFormat.turns(example).forEach(turn -> turn(ids, turn));
    int[] opening = tokenizer.encode("assistant\n");
    int[] answered = tokenizer.encode("assistant\n" + example.answer());
    if (!Arrays.equals(Arrays.copyOf(answered, opening.length), opening)) {
      throw new IllegalStateException("the answer merged into the assistant's opening: " + example.answer());
    }
    ids.add(Vocabulary.IM_START);
    int firstLearnt = ids.size + opening.length;
    ids.addAll(answered);
    ids.add(Vocabulary.IM_END);
    int lastLearnt = ids.size;
    ids.addAll(tokenizer.encode("\n"));
    boolean[] learnt = new boolean[ids.size];
    Arrays.fill(learnt, firstLearnt, lastLearnt, true);
    return new Tokenised(ids.toArray(), learnt);
  }

  /** The ids of {@code text} alone. */
  public int[] ids(String text) {
    return tokenizer.encode(text);
  }

  private void turn(IntList ids, String text) {
    ids.add(Vocabulary.IM_START);
    ids.addAll(tokenizer.encode(text));
    ids.add(Vocabulary.IM_END);
    ids.addAll(tokenizer.encode("\n"));
  }

  @Override
  public void close() {
    tokenizer.close();
  }

  private static final class IntList {
    int[] values = new int[64];
    int size;

    void add(int v) {
      if (size == values.length) {
        values = Arrays.copyOf(values, size * 2);
      }
      values[size++] = v;
    }

    void addAll(int[] vs) {
      for (int v : vs) {
        add(v);
      }
    }

    int[] toArray() {
      return Arrays.copyOf(values, size);
    }
  }
}
