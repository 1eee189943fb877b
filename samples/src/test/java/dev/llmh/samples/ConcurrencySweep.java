package dev.llmh.samples;

import dev.llmh.annotations.Concurrency;
import dev.llmh.annotations.LlmBenchmark;
import dev.llmh.annotations.MaxTokens;
import dev.llmh.annotations.Measurement;
import dev.llmh.annotations.Prompt;
import dev.llmh.annotations.Ttft;
import dev.llmh.annotations.Warmup;

/**
 * A concurrency sweep: as requests pile up beyond the server's parallel slots, each queues
 * behind the others, so TTFT climbs while total throughput flattens. Compare ttft p50 and tok/s
 * across the three cases.
 */
@LlmBenchmark
@Warmup(requests = 2)
@Measurement(requests = 12)
@MaxTokens(32)
@Concurrency({1, 2, 4})
@Ttft(p50 = "10s") // a median is decided from 12 requests; a p95 would measure on, up to 96
public class ConcurrencySweep {

  @Prompt
  String question() {
    return "Answer briefly after reading this note: " + "context ".repeat(300) + "What does TTFT stand for?";
  }
}
