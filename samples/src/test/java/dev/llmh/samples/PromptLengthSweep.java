package dev.llmh.samples;

import dev.llmh.annotations.Constraint;
import dev.llmh.annotations.LlmBenchmark;
import dev.llmh.annotations.MaxTokens;
import dev.llmh.annotations.Measurement;
import dev.llmh.annotations.Prompt;
import dev.llmh.annotations.Sampling;
import dev.llmh.annotations.Ttft;
import dev.llmh.annotations.Warmup;

/**
 * Seed 000's sweep: one prompt length is one point on a curve whose slope is the whole story. The
 * same short answer after a 3-, 500- and 2,000-word prompt shows whether the deployment is
 * prefill-limited: TTFT grows with the prompt while TPOT stays put.
 */
@LlmBenchmark
@Warmup(requests = 2)
@Measurement(requests = 10)
@Sampling(temperature = 0.0, seed = 42)
@MaxTokens(32)
@Ttft(p50 = "20s") // the embedded model reads ~2,000 tokens in about 4.5 s on 2 cores
@Constraint("tpot.p50 < 150ms")
public class PromptLengthSweep {

  @Prompt
  String shortPrompt = "Define latency.";

  @Prompt
  String medium() {
    return "Summarise this: " + "word ".repeat(500);
  }

  @Prompt
  String longPrompt() {
    return "Summarise this: " + "word ".repeat(2000);
  }
}
