package dev.llmh.samples;

import dev.llmh.annotations.Endpoint;
import dev.llmh.annotations.LlmBenchmark;
import dev.llmh.annotations.MaxTokens;
import dev.llmh.annotations.Measurement;
import dev.llmh.annotations.PromptFile;
import dev.llmh.annotations.Sampling;
import dev.llmh.annotations.Warmup;

/**
 * Seed 001's reasoning model that "spends its entire token budget in the reasoning channel and
 * never emits a final answer". The trained {@code answers-s} thinks a sum through in {@code
 * reasoning_content} before answering: two numbers take it about 40 tokens, five numbers (a
 * quarter of these questions) take it past this case's 48 before the answer. The console warns of
 * the requests that never produced an answer chunk, and the results flag each {@code no_answer}.
 */
@LlmBenchmark
@Endpoint(model = "answers-s")
@PromptFile("sum-questions.jsonl")
@Warmup(requests = 1)
@Measurement(requests = 16, adaptive = false)
@Sampling(temperature = 0.0, seed = 42)
@MaxTokens(48)
public class ReasoningBudget {}
