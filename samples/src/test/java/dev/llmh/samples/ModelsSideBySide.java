package dev.llmh.samples;

import dev.llmh.annotations.Concurrency;
import dev.llmh.annotations.Endpoint;
import dev.llmh.annotations.LlmBenchmark;
import dev.llmh.annotations.MaxTokens;
import dev.llmh.annotations.Measurement;
import dev.llmh.annotations.Prompt;
import dev.llmh.annotations.Sampling;
import dev.llmh.annotations.Ttft;
import dev.llmh.annotations.Warmup;

/**
 * Models side by side, each at two concurrency levels. The model is a case
 * parameter, each model's cases run together (its first case's warm-up pays its load) and the run
 * ends with one table, rows model × concurrency. On the embedded server the two generated models
 * stand in for two quantisations of one model: {@code tiny} reads and writes far faster than
 * {@code small}. Against Ollama: {@code -Dllmh.endpoint=http://localhost:11434
 * -Dllmh.model=qwen2.5:7b-instruct-q4_K_M,qwen2.5:7b-instruct-q8_0}.
 */
@LlmBenchmark
@Endpoint(model = {"tiny", "small"})
@Warmup(requests = 2)
@Measurement(requests = 8)
@Sampling(temperature = 0.0, seed = 42)
@MaxTokens(32)
@Concurrency({1, 2})
// some twenty times small's TTFT p50 on 2 idle cores (the run in docs/guide/workloads.md): a median is decided from 8 requests on a busy machine too
@Ttft(p50 = "5s")
public class ModelsSideBySide {

  @Prompt
  String question() {
    return "Answer briefly after reading this note: " + "context ".repeat(200) + "What does TTFT stand for?";
  }
}
