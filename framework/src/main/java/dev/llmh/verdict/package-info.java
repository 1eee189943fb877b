/**
 * Stage verdict: a case's figures (from {@code dev.llmh.analysis}) judged against its budgets, each
 * PASS, FAIL or INCONCLUSIVE with the reason, and the case's verdict: {@code CaseAnalyzer} takes the
 * figures and judges them, {@code CaseAnalysis} is the outcome every later stage reads.
 */
package dev.llmh.verdict;
