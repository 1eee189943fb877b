package dev.llmh.trainer.corpus;

import dev.llmh.embedded.model.SplitMix;
import java.util.List;
import java.util.Locale;

/**
 * The grading task: LLMH's judge prompt ({@code dev.llmh.judge.JudgePrompt}, word for word: a test
 * compares them) with this rubric, an answer to a film question, and the score the rubric's rule
 * gives it, in the judge's reply format. The answers graded are the right JSON and three ways of
 * getting it wrong, so that the scores a judge gives can be checked against the rule.
 */
public final class Grading {
  /** The rule the labels follow; the judged sample passes it to {@code @Judge(rubric = ...)}. */
  public static final String RUBRIC = "5 when the JSON has the sentence's title and year, 3 when only the title is right,"
      + " 2 when only the year is right, 1 when the answer is not JSON with keys title and year.";
  public static final String SYSTEM = "You are a strict grader. Score an answer to a question from 1 (worst) to 5 (best)"
      + " against this rubric:\n" + RUBRIC + "\nReply with exactly one JSON object and nothing else:"
      + " {\"score\": <a whole number from 1 to 5>, \"rationale\": \"<one short sentence>\"}";
  private static final List<String> LABELS = List.of("A", "B", "C", "D", "E");

  private Grading() {}

  /** The judge's user message about {@code answer}, as LLMH sends it. */
  public static String user(String question, String label, String answer) {
    return "Question:\n" + question + "\n\n" + label + ":\n" + answer + "\n\nScore " + label + ".";
  }

  /** The judge's reply for a score of the rubric. */
  public static String reply(int score) {
    String rationale = switch (score) {
      case 5 -> "The title and the year are both right.";
      case 3 -> "Only the title is right.";
      case 2 -> "Only the year is right.";
      case 1 -> "The answer is not JSON with keys title and year.";
      default -> throw new IllegalArgumentException("the rubric gives 5, 3, 2 or 1, not " + score);
    };
    return "{\"score\": " + score + ", \"rationale\": \"" + rationale + "\"}";
  }

  /**
   * A film question, an answer to it of a kind drawn in turn (right, wrong year, wrong title, not
   * JSON), and its score; {@code otherTitle} is the title a wrong answer names instead.
   */
  static Example example(Example film, String title, int year, String otherTitle, SplitMix rng) {
    int score = List.of(5, 3, 2, 1).get(rng.nextInt(4));
    String answer = switch (score) {
      case 5 -> film.answer();
      case 3 -> json(title, otherYear(year, rng));
      case 2 -> json(otherTitle, year);
      default -> String.format(Locale.ROOT, "%s came out in %d.", title, year);
    };
    String label = "Answer " + LABELS.get(rng.nextInt(LABELS.size()));
    return new Example(Task.GRADING, SYSTEM, List.of(), user(film.user(), label, answer), reply(score),
        Integer.toString(score));
  }

  static String json(String title, int year) {
    return "{\"title\": \"" + title + "\", \"year\": " + year + "}";
  }

  private static int otherYear(int year, SplitMix rng) {
    int shift = 1 + rng.nextInt(40);
    return year + (year + shift < Corpus.FIRST_YEAR + Corpus.YEARS ? shift : -shift);
  }
}
