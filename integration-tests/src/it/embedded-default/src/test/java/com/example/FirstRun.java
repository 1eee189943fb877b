package com.example;

import dev.llmh.annotations.LlmBenchmark;
import dev.llmh.annotations.MaxTokens;
import dev.llmh.annotations.Measurement;
import dev.llmh.annotations.Prompt;
import dev.llmh.annotations.Ttft;
import dev.llmh.annotations.Warmup;

/** No @Endpoint and no -Dllmh.endpoint: the default, a real llama.cpp engine LLMH starts itself. */
@LlmBenchmark
@Warmup(requests = 1)
@Measurement(requests = 5)
@MaxTokens(8)
@Ttft(p50 = "30s")
public class FirstRun {
  @Prompt String define = "Define latency.";
}
