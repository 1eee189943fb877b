/**
 * Stage analysis: a case's measured samples become its figures (summaries, throughput, goodput,
 * checks, resources, a conversation's turns), judged by nothing here: the budgets are the verdict's.
 */
package dev.llmh.analysis;
