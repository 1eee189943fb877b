/**
 * Stage analysis: a case's measured samples become its figures (summaries, throughput, the serving
 * hardware's, a conversation's turns) and the {@link dev.llmh.analysis.MeasuredCase} every
 * feature's figures are computed from; judged by nothing here: the budgets are the verdict's.
 */
package dev.llmh.analysis;
