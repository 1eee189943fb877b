package dev.llmh.runner;

/**
 * {@code @Judge} as the processor read it.
 *
 * @param model the judge's model, or null when the annotation names none
 * @param rubric the rubric, never blank (the processor refuses a blank one)
 * @param endpoint the judge's base URL, or null: the scenario's endpoint
 * @param maxTokens the longest judge reply in tokens
 */
public record JudgeDeclaration(String model, String rubric, String endpoint, int maxTokens) {
  public JudgeDeclaration {
    model = model == null || model.isBlank() ? null : model;
    endpoint = endpoint == null || endpoint.isBlank() ? null : endpoint;
  }
}
