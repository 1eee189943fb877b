package dev.llmh.analysis;

/**
 * The case's requests by outcome, and the measured phase's extent.
 *
 * @param noAnswer succeeded requests that never produced an answer chunk
 * @param modelLoad succeeded requests that included a model load (kept, not counted in statistics)
 * @param outputTokens Σ N over the counted requests
 * @param wallMs the counted requests' span ({@link CountedSpan}): last counted end − first counted send; 0 when none was counted
 */
public record CaseCounts(
    int measured, int succeeded, int failed, int noAnswer, int modelLoad, long outputTokens, double wallMs) {}
