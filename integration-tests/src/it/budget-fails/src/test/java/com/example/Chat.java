package com.example;

import dev.llmh.annotations.Concurrency;
import dev.llmh.annotations.LlmBenchmark;
import dev.llmh.annotations.MaxTokens;
import dev.llmh.annotations.Measurement;
import dev.llmh.annotations.Prompt;
import dev.llmh.annotations.Ttft;
import dev.llmh.annotations.Warmup;

/** Not named *Test: the README's include still hands it to the engine. */
@LlmBenchmark
@Concurrency({1, 2})
@Warmup(requests = 1)
@Measurement(requests = 5)
@MaxTokens(4)
@Ttft(p50 = "50ms")
public class Chat {
  /** About 300 prompt tokens: 200 ms of prefill on the embedded server, far above 50 ms. */
  @Prompt
  String document() {
    return "Summarise this: " + "word ".repeat(300);
  }

  @Prompt
  @Ttft(p50 = "5s")
  String brief = "Define latency.";
}
