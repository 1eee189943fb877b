package com.example;

import dev.llmh.annotations.LlmBenchmark;
import dev.llmh.annotations.MaxTokens;
import dev.llmh.annotations.Measurement;
import dev.llmh.annotations.Prompt;
import dev.llmh.annotations.Warmup;

/** The other module's scenario: any selection naming only Translation must leave it alone, silently or not. */
@LlmBenchmark
@Warmup(requests = 0)
@Measurement(requests = 2)
@MaxTokens(2)
public class Summaries {
  @Prompt String brief = "Summarise: latency is the time a request waits.";
}
