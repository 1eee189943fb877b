package dev.llmh.feature;

/**
 * A prompt a feature made for a case ({@link CaseFeature.Part#prompt}).
 *
 * @param text what each request sends (the engine adds its per-request marker)
 * @param identity what identifies the prompt to a baseline: the same from run to run even when the
 *     words chosen differ (a synthetic prompt's target length and instruction)
 */
public record MadePrompt(String text, String identity) {}
