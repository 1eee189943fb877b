package dev.llmh.judge;

import dev.llmh.measure.Answered;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code answers-<timestamp>.md} beside the run's results file (same timestamp): every judged answer
 * in full, with its label, score and rationale, for a person to check the judge. Answers are grouped by prompt and listed in the order the judge saw them;
 * unlike the judge, the reader is told which case (and model) wrote each.
 */
public final class AnswersReport {
  private final StringBuilder groups = new StringBuilder();

  /** The file's name for the run named {@code run-<timestamp>}: {@code answers-<timestamp>.md}. */
  public static String fileName(String runName) {
    return "answers-" + (runName.startsWith("run-") ? runName.substring("run-".length()) : runName) + ".md";
  }

  /**
   * One blinded group.
   *
   * @param title the scenario, prompt and parameters the group's cases share
   * @param cases which case wrote each answer (its id), in the order of {@code answers}
   */
  public synchronized void add(String title, JudgeSetup setup, long seed, List<Answered> answers, List<String> cases,
      List<SampleJudge> judged) {
    groups.append("## ").append(title).append("\n\n")
        .append("Judge: ").append(setup.model() == null ? "the endpoint's default model" : "`" + setup.model() + "`")
        .append(" at ").append(setup.endpoint()).append("; shuffle seed ").append(seed).append("; rubric: ")
        .append(setup.rubric().strip().replace("\n", " "))
        .append(setup.warning() == null ? "" : "\n\n**" + setup.warning() + "**").append("\n\n");
    Map<String, List<Integer>> byPrompt = new LinkedHashMap<>();
    for (int i = 0; i < answers.size(); i++) {
      byPrompt.computeIfAbsent(answers.get(i).prompt(), p -> new ArrayList<>()).add(i);
    }
    int number = 1;
    for (Map.Entry<String, List<Integer>> prompt : byPrompt.entrySet()) {
      List<Integer> indices = new ArrayList<>(prompt.getValue());
      indices.sort(java.util.Comparator.comparingInt(i -> judged.get(i).label() == null ? Integer.MAX_VALUE
          : Blinding.position(judged.get(i).label())));
      String category = answers.get(indices.get(0)).category();
      groups.append("### Prompt ").append(number++).append(category == null ? "" : " (category " + category + ")")
          .append("\n\n").append(block(prompt.getKey())).append('\n');
      for (int i : indices) {
        SampleJudge j = judged.get(i);
        groups.append("#### ").append(j.label() == null ? "(not labelled)" : j.label()).append(" — ").append(cases.get(i))
            .append("\n\n")
            .append(j.score() != null ? "Score **" + j.score() + "**: " + j.rationale() : "Judge failure: " + j.failure())
            .append("\n\n").append(answers.get(i).answer() == null ? "(no answer: the request failed)\n" : block(answers.get(i).answer()))
            .append('\n');
      }
    }
  }

  public synchronized boolean isEmpty() {
    return groups.length() == 0;
  }

  /** Writes the file for the run; returns it, or null when nothing was judged. */
  public synchronized Path write(Path directory, String runName) throws IOException {
    if (groups.length() == 0) {
      return null;
    }
    Files.createDirectories(directory);
    Path file = directory.resolve(fileName(runName));
    Files.writeString(file, "# Judged answers of " + runName + "\n\n" + groups, StandardCharsets.UTF_8);
    return file;
  }

  /** The text verbatim in a fence longer than any run of backticks inside it. */
  static String block(String text) {
    int longest = 0;
    int run = 0;
    for (char c : text.toCharArray()) {
      run = c == '`' ? run + 1 : 0;
      longest = Math.max(longest, run);
    }
    String fence = "`".repeat(Math.max(3, longest + 1));
    return fence + "text\n" + text + (text.endsWith("\n") ? "" : "\n") + fence + "\n";
  }
}
