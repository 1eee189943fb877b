package dev.llmh.samples;

import dev.llmh.annotations.Arrivals;
import dev.llmh.annotations.Load;
import dev.llmh.annotations.MaxTokens;
import dev.llmh.annotations.LlmBenchmark;
import dev.llmh.annotations.Measurement;
import dev.llmh.annotations.Prompt;
import dev.llmh.annotations.Slo;
import dev.llmh.annotations.Ttft;
import dev.llmh.annotations.Warmup;

/**
 * Requests as production sends them: Poisson arrivals at two rates, whether or not the server has
 * caught up. Below its capacity TTFT is the prefill; above it requests queue, which TTFT from the
 * send hides and {@code ttft_from_schedule} (from the intended send) shows. The {@code @Slo} says
 * what a good request is, so each case reports goodput and SLO attainment.
 */
@LlmBenchmark
@Warmup(requests = 2)
@Measurement(requests = 12)
@MaxTokens(16)
@Load(rate = {"1/s", "6/s"}, arrivals = Arrivals.POISSON)
@Slo(ttft = "1s")
@Ttft(p50 = "10s") // lenient: the sample shows the figures; a busy 2-core machine still passes
public class RateSweep {

  @Prompt
  String question() {
    return "Answer briefly after reading this note: " + "context ".repeat(100) + "What does TTFT stand for?";
  }
}
