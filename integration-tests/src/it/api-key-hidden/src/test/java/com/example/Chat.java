package com.example;

import dev.llmh.annotations.LlmBenchmark;
import dev.llmh.annotations.MaxTokens;
import dev.llmh.annotations.Measurement;
import dev.llmh.annotations.Prompt;
import dev.llmh.annotations.Ttft;
import dev.llmh.annotations.Warmup;

/** A scenario run with a key: nothing the build leaves behind may contain it. */
@LlmBenchmark
@Warmup(requests = 1)
@Measurement(requests = 5)
@MaxTokens(4)
@Ttft(p50 = "5s")
public class Chat {
  @Prompt String brief = "Define latency.";
}
