package com.example;

import dev.llmh.annotations.Concurrency;
import dev.llmh.annotations.LlmBenchmark;
import dev.llmh.annotations.MaxTokens;
import dev.llmh.annotations.Measurement;
import dev.llmh.annotations.Prompt;
import dev.llmh.annotations.Warmup;

/** Two prompts at two concurrency levels; one prompt is named apart from its member. */
@LlmBenchmark
@Concurrency({1, 2})
@Measurement(requests = 2)
@Warmup(requests = 0)
@MaxTokens(2)
public class Translation {
  @Prompt String toGerman = "Translate into German: the first token took two seconds.";

  @Prompt(name = "toFrench")
  String french() {
    return "Translate into French: the first token took two seconds.";
  }
}
