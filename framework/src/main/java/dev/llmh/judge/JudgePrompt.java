package dev.llmh.judge;

/**
 * What the judge is sent about one answer: the rubric as the system prompt, and the question with the
 * answer under its label, never the name of the model that wrote it.
 */
public final class JudgePrompt {
  private JudgePrompt() {}

  public static String system(String rubric) {
    return "You are a strict grader. Score an answer to a question from " + JudgeReply.LOWEST + " (worst) to "
        + JudgeReply.HIGHEST + " (best) against this rubric:\n" + rubric.strip() + "\n"
        + "Reply with exactly one JSON object and nothing else: {\"score\": <a whole number from " + JudgeReply.LOWEST
        + " to " + JudgeReply.HIGHEST + ">, \"rationale\": \"<one short sentence>\"}";
  }

  /** The user message: the question, then the answer headed by its label ({@code Answer C}). */
  public static String user(String question, String label, String answer) {
    return "Question:\n" + question + "\n\n" + label + ":\n" + answer + "\n\nScore " + label + ".";
  }
}
