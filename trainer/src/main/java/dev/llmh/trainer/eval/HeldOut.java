package dev.llmh.trainer.eval;

import de.kherud.llama.InferenceParameters;
import de.kherud.llama.LlamaModel;
import de.kherud.llama.ModelParameters;
import dev.llmh.trainer.corpus.Corpus;
import dev.llmh.trainer.corpus.Example;
import dev.llmh.trainer.corpus.Task;
import dev.llmh.trainer.text.ChatFormat;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;

/**
 * The trainer's own quick look at a model file: greedy answers from llama.cpp to held-out examples,
 * each passing when it is the expected answer exactly. The figures that count are LLMH's, measured
 * through the embedded server by the samples; this one tells the trainer whether a run learnt.
 */
public final class HeldOut {
  /** Of {@code total} held-out answers, {@code passed} were exactly right; {@code firstWrong} shows one that was not. */
  public record Score(int passed, int total, String firstWrong) {
    public double rate() {
      return total == 0 ? 0 : 100.0 * passed / total;
    }
  }

  private HeldOut() {}

  public static Map<Task, Score> score(Path modelFile, Corpus corpus, java.util.Set<Task> tasks, int perTask) {
    Map<Task, Score> scores = new EnumMap<>(Task.class);
    try (LlamaModel model = new LlamaModel(new ModelParameters().setModel(modelFile.toAbsolutePath().toString())
        .setCtxSize(512).setParallel(1).setGpuLayers(0).setThreads(2))) {
      for (Task task : tasks) {
        int passed = 0;
        String firstWrong = null;
        for (Example e : corpus.heldOut(task, perTask)) {
          String answer = model.complete(new InferenceParameters(ChatFormat.prompt(e))
              .setNPredict(128).setTemperature(0f).setSeed(1).setCachePrompt(false)).strip();
          if (answer.equals(e.answer())) {
            passed++;
          } else if (firstWrong == null) {
            firstWrong = e.user() + " -> " + answer;
          }
        }
        scores.put(task, new Score(passed, perTask, firstWrong));
      }
    }
    return scores;
  }
}
