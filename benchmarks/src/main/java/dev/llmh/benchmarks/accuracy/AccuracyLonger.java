package dev.llmh.benchmarks.accuracy;

import dev.llmh.annotations.Concurrency;
import dev.llmh.annotations.LlmBenchmark;
import dev.llmh.annotations.MaxTokens;
import dev.llmh.annotations.Measurement;

/**
 * The settings {@code c1}, {@code c16} and {@code stress} with 150 measured requests instead of 50:
 * the peers' way of measuring a client's CPU (vLLM's and SGLang's benchmark clients were measured so)
 * is the whole process's CPU of a 150-request run minus a 50-request run, divided by the tokens
 * between, which cancels what every run spends once (JVM start, warm-ups, probes).
 */
public final class AccuracyLonger {
  private AccuracyLonger() {}

  /** {@code c1-150}. */
  @LlmBenchmark
  @MaxTokens(64)
  @Concurrency(1)
  @Measurement(requests = 150, adaptive = false)
  public static class C1 extends AccuracyScenario {}

  /** {@code c16-150}. */
  @LlmBenchmark
  @MaxTokens(64)
  @Concurrency(16)
  @Measurement(requests = 150, adaptive = false)
  public static class C16 extends AccuracyScenario {}

  /** {@code stress-150}. */
  @LlmBenchmark
  @MaxTokens(256)
  @Concurrency(16)
  @Measurement(requests = 150, adaptive = false)
  public static class Stress extends AccuracyScenario {}
}
