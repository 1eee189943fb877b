package dev.llmh.runner;

/**
 * {@code @Compare} as the processor read it (on the class or the nearest base class declaring it).
 *
 * @param reference the reference model, never blank (the processor refuses a blank one)
 * @param endpoint the reference's base URL, or null: the candidate's own endpoint
 * @param topK log-probabilities asked per position, or 0 for the default
 * @param tokens tokens of the reference's greedy answer compared, or 0 for the case's max tokens
 * @param text a calibration text on the test classpath to compare over instead, or null
 */
public record CompareDeclaration(String reference, String endpoint, int topK, int tokens, String text) {
  /**
   * The most log-probabilities a position may ask for: OpenAI's {@code top_logprobs} takes at most
   * 20, and past the top 20 a generated model's tail adds nothing the {@code other} bucket lacks.
   */
  public static final int MAX_TOP_K = 20;

  public CompareDeclaration {
    endpoint = endpoint == null || endpoint.isBlank() ? null : endpoint.strip();
    reference = reference == null ? null : reference.strip();
    text = text == null || text.isBlank() ? null : text.strip();
  }
}
