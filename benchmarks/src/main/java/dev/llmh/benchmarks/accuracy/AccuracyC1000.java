package dev.llmh.benchmarks.accuracy;

import dev.llmh.annotations.Concurrency;
import dev.llmh.annotations.LlmBenchmark;
import dev.llmh.annotations.MaxTokens;
import dev.llmh.annotations.Measurement;

/**
 * Setting {@code c1000}: 1,000 streams, 40 tokens each (the server: TTFT 100 ms, ITL 50 ms: 20 chunks/s
 * per stream, 20,000 chunks/s in all), 2,000 measured requests: every stream twice.
 */
@LlmBenchmark
@MaxTokens(40)
@Concurrency(1000)
@Measurement(requests = 2000, adaptive = false)
public class AccuracyC1000 extends AccuracyScenario {}
