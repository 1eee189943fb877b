package dev.llmh.trainer.corpus;

/**
 * What an example asks of the model: the tasks of seeds 000, 001 and 004. {@code share} is how many
 * examples of the task each round of the training mix has: copying a name the model never saw (a
 * title, a city) is learnt late and only from many examples, so those tasks get more: with two
 * shares of eleven each the small model copied 9 and 5 of 40 held-out names, with four and three of
 * twelve 38 and 37 (docs/guide/trained-models.md).
 */
public enum Task {
  /** Copy a film's title and year from a sentence into JSON with keys title and year (seed 000's valid_json_rate). */
  FILM_JSON(4),
  /** Call the offered {@code get_weather} tool with the city the question names (seed 004's tool calls). */
  WEATHER_TOOL(3),
  /** Say what an abbreviation of the field stands for, in a few words a regex checks (seed 001). */
  SHORT_ANSWER(1),
  /** Add or subtract two small numbers: what seed 000 says quantisation breaks first. */
  ARITHMETIC(2),
  /**
   * Asked to think it through, write the working inside {@code <think>} before the answer (seed 001's
   * reasoning channel). A sum of two numbers thinks in two short lines; a sum of five thinks in four
   * longer ones, past a small output budget, so no answer comes.
   */
  REASONING(2),
  /** Score an answer to a film question from 1 to 5 in the judge's reply format, by the rule of its rubric. */
  GRADING(2);

  private final int share;

  Task(int share) {
    this.share = share;
  }

  /** One round of the training mix of {@code tasks}: each task its share of times, in turn. */
  static java.util.List<Task> round(java.util.Set<Task> tasks) {
    java.util.List<Task> round = new java.util.ArrayList<>();
    for (Task task : values()) {
      if (tasks.contains(task)) {
        round.addAll(java.util.Collections.nCopies(task.share, task));
      }
    }
    if (round.isEmpty()) {
      throw new IllegalArgumentException("no task to train");
    }
    return round;
  }

  int share() {
    return share;
  }
}
