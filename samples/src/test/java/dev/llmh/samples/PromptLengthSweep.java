package dev.llmh.samples;

import dev.llmh.annotations.Constraint;
import dev.llmh.annotations.LlmBenchmark;
import dev.llmh.annotations.MaxTokens;
import dev.llmh.annotations.Measurement;
import dev.llmh.annotations.Sampling;
import dev.llmh.annotations.SyntheticPrompt;
import dev.llmh.annotations.Ttft;
import dev.llmh.annotations.Warmup;

/**
 * A prompt-length sweep: one prompt length is one point on a curve whose slope is the whole story. The
 * same short answer after prompts of exactly 128, 512 and 2,048 tokens, as the server counts them
 * (calibrated before each case), shows whether the deployment is prefill-limited: TTFT grows with
 * the prompt while TPOT stays put. With three lengths the run ends with the fitted line, whose
 * slope is the prefill rate: {@code prefill N tok/s [lo, hi]: TTFT = a ms + b ms/token (R² ...)}.
 */
@LlmBenchmark
@SyntheticPrompt(tokens = {128, 512, 2048}, instruction = "Summarise this:")
@Warmup(requests = 2)
@Measurement(requests = 10)
@Sampling(temperature = 0.0, seed = 42)
@MaxTokens(32)
@Ttft(p50 = "20s") // the embedded model reads 2,048 tokens in about 4.4 s on 2 cores (the run in docs/guide/reports.md)
@Constraint("tpot.p50 < 150ms")
public class PromptLengthSweep {}
