package dev.llmh.trainer;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmh.trainer.corpus.Corpus;
import dev.llmh.trainer.corpus.Example;
import dev.llmh.trainer.corpus.Task;
import dev.llmh.trainer.text.ChatFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Writes the held-out questions of each task as LLMH prompt files ({@code @PromptFile}), {@code
 * heldout-<task>.jsonl}, each line a prompt with its task as category: what the samples and tests
 * measure the trained models on, through the embedded server, and {@link #CALIBRATION}, the text a
 * quantisation's divergence is measured over. {@code java -cp <trainer classpath>
 * dev.llmh.trainer.HeldOutFiles <directory> [per task, 100] [seed, 42]}. The grading task has no
 * file: the judge is measured through LLMH's own judge requests.
 */
public final class HeldOutFiles {
  /** The tasks with a prompt file. */
  public static final List<Task> TASKS =
      List.of(Task.FILM_JSON, Task.WEATHER_TOOL, Task.SHORT_ANSWER, Task.ARITHMETIC, Task.REASONING);

  /** The calibration text's file name. */
  public static final String CALIBRATION = "calibration.txt";
  /**
   * Held-out examples of each task in the calibration text: some 1,200 tokens in all, past the 1,000
   * a divergence is usually taken over, and few enough for a test (the embedded server's echo takes a
   * forward pass per token).
   */
  static final int CALIBRATION_PER_TASK = 4;

  private HeldOutFiles() {}

  public static void main(String[] args) throws IOException {
    if (args.length < 1 || args.length > 3) {
      throw new IllegalArgumentException("usage: HeldOutFiles <directory> [per task, 100] [seed, 42]");
    }
    write(Corpus.of(args.length > 2 ? Long.parseLong(args[2]) : 42), Path.of(args[0]),
        args.length > 1 ? Integer.parseInt(args[1]) : 100);
  }

  /** {@code perTask} held-out questions of each of {@link #TASKS} into {@code directory}. */
  public static void write(Corpus corpus, Path directory, int perTask) throws IOException {
    Files.createDirectories(directory);
    ObjectMapper json = new ObjectMapper();
    for (Task task : TASKS) {
      String name = task.name().toLowerCase(Locale.ROOT).replace('_', '-');
      StringBuilder lines = new StringBuilder();
      for (Example e : corpus.heldOut(task, perTask)) {
        ObjectNode line = json.createObjectNode().put("prompt", e.user()).put("category", name);
        lines.append(json.writeValueAsString(line)).append('\n');
      }
      Files.writeString(directory.resolve("heldout-" + name + ".jsonl"), lines);
    }
    Files.writeString(directory.resolve(CALIBRATION), calibration(corpus));
  }

  /**
   * The calibration text a quantisation is compared with its original on ({@code @Compare(text)}):
   * the first {@link #CALIBRATION_PER_TASK} held-out examples of each task, each laid out as the model
   * sees a conversation (ChatML, its answer and the closing tag), one paragraph each.
   */
  static String calibration(Corpus corpus) {
    StringBuilder text = new StringBuilder();
    for (Task task : TASKS) {
      for (Example e : corpus.heldOut(task, CALIBRATION_PER_TASK)) {
        text.append(ChatFormat.prompt(e)).append(e.answer()).append(ChatFormat.END).append("\n\n");
      }
    }
    return text.toString();
  }
}
