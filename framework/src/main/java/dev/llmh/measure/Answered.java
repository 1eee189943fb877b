package dev.llmh.measure;

/**
 * One measured request as a reader of its answer needs it (the judge): what was asked, what came
 * back, and the prompt's category.
 *
 * @param prompt the user text sent, without the harness's unique marker
 * @param answer the whole answer, or null when the request failed
 * @param category the {@code @PromptFile} line's {@code category}, or null
 */
public record Answered(String prompt, String answer, String category) {}
