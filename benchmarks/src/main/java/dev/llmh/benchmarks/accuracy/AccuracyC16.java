package dev.llmh.benchmarks.accuracy;

import dev.llmh.annotations.Concurrency;
import dev.llmh.annotations.LlmBenchmark;
import dev.llmh.annotations.MaxTokens;

/** Setting {@code c16}: 16 streams, 64 tokens (the server: TTFT 100 ms, ITL 20 ms). */
@LlmBenchmark
@MaxTokens(64)
@Concurrency(16)
public class AccuracyC16 extends AccuracyScenario {}
