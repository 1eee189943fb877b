package dev.llmh.measure;

/**
 * One check's finding on one answer, as recorded in {@code samples[].checks}.
 *
 * @param name the {@code @Check} method's name, or {@code ExpectJson} / {@code ExpectRegex}
 * @param reason why the answer did not pass (what was expected, what came, or what the check threw); null when it passed
 */
public record CheckOutcome(String name, boolean passed, String reason) {}
