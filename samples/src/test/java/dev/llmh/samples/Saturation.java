package dev.llmh.samples;

import dev.llmh.annotations.LlmBenchmark;
import dev.llmh.annotations.MaxTokens;
import dev.llmh.annotations.Measurement;
import dev.llmh.annotations.Prompt;
import dev.llmh.annotations.SaturationSearch;
import dev.llmh.annotations.Warmup;

/**
 * "Push until throughput stops climbing", done for you: concurrency doubles from 1 up to
 * 4, and the search stops at the first step whose output tok/s gains less than 5% over the one
 * before. The console names the knee and what the next step cost; each step is also a test.
 */
@LlmBenchmark
@Warmup(requests = 2)
@Measurement(requests = 16)
@MaxTokens(64)
@SaturationSearch(from = 1, to = 4)
public class Saturation {

  @Prompt
  String question() {
    return "Answer briefly after reading this note: " + "context ".repeat(100) + "What does TTFT stand for?";
  }
}
