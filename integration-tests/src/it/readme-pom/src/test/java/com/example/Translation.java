package com.example;

import dev.llmh.annotations.LlmBenchmark;
import dev.llmh.annotations.MaxTokens;
import dev.llmh.annotations.Measurement;
import dev.llmh.annotations.Prompt;
import dev.llmh.annotations.Ttft;

/** What a user writes at Java 17: a record for the input, a text block for the prompt. */
@LlmBenchmark
@Measurement(requests = 5)
@Ttft(p50 = "5s")
public class Translation {
  record Sentence(String text, String language) {}

  static final Sentence INPUT = new Sentence("The first token took two seconds.", "German");

  @Prompt
  @MaxTokens(4)
  String translate() {
    return """
        Translate into %s, and answer with the translation only:
        %s
        """.formatted(INPUT.language(), INPUT.text());
  }
}
