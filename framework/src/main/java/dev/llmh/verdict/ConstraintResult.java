package dev.llmh.verdict;

import dev.llmh.constraint.ConstraintExpression;

/**
 * A constraint judged on a case's statistics.
 *
 * @param observed the observed value in the metric's canonical unit (ms for times), NaN if none
 * @param message the pinned one-line form, e.g. {@code ttft.p95 = 612 ms > budget 100 ms: FAIL}
 */
public record ConstraintResult(ConstraintExpression expression, double observed, Verdict verdict, String message) {}
