package dev.llmh.benchmarks.accuracy;

import dev.llmh.annotations.Concurrency;
import dev.llmh.annotations.LlmBenchmark;
import dev.llmh.annotations.MaxTokens;

/** Setting {@code stress}: 16 streams, 256 tokens (the server: TTFT 10 ms, ITL 2 ms; 8,000 tokens/s offered). */
@LlmBenchmark
@MaxTokens(256)
@Concurrency(16)
public class AccuracyStress extends AccuracyScenario {}
