package dev.llmh.judge;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What the judge made of one measured answer ({@code samples[].judge}).
 *
 * @param label the label the judge saw the answer under ({@code Answer C}); null when it was never sent
 * @param score 1–5, or null for a judge failure
 * @param rationale the judge's reason for the score, or null for a judge failure
 * @param failure why there is no score (no answer, a failed judge request, a reply that is not a
 *     score), or null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SampleJudge(String label, Integer score, String rationale, String failure) {}
