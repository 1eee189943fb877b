/**
 * Stage verdict: a judge model's blinded scores of the answers, and the {@code judge_score} budgets
 * judged on them once the measurement is over.
 */
package dev.llmh.judge;
