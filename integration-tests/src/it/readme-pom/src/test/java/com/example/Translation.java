package com.example;

import dev.llmh.annotations.LlmBenchmark;
import dev.llmh.annotations.MaxTokens;
import dev.llmh.annotations.Measurement;
import dev.llmh.annotations.Prompt;
import dev.llmh.annotations.Ttft;
import dev.llmh.annotations.Warmup;

/** What a user writes at Java 17: a record for the input, a text block for the prompt. */
@LlmBenchmark
@Warmup(requests = 1)
@Measurement(requests = 5)
@MaxTokens(4)
@Ttft(p50 = "5s")
public class Translation {
  record Sentence(String text, String language) {}

  static final Sentence INPUT = new Sentence("The first token took two seconds.", "German");

  @Prompt
  String translate() {
    return """
        Translate into %s, and answer with the translation only:
        %s
        """.formatted(INPUT.language(), INPUT.text());
  }
}
