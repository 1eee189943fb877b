package dev.llmh.samples;

import dev.llmh.annotations.Arrivals;
import dev.llmh.annotations.LlmBenchmark;
import dev.llmh.annotations.Load;
import dev.llmh.annotations.MaxTokens;
import dev.llmh.annotations.Measurement;
import dev.llmh.annotations.Prompt;
import dev.llmh.annotations.Slo;
import dev.llmh.annotations.Ttft;
import dev.llmh.annotations.Warmup;

/**
 * Requests as production sends them: Poisson arrivals at two rates, whether or not the server has
 * caught up. Below its capacity TTFT is the prefill; above it requests wait in the server's queue
 * and TTFT grows. {@code queue} is how late the harness itself sent (its lag: well under a
 * millisecond here), and {@code ttft_from_schedule} counts from the intended send, so a client
 * that fell behind could not hide a queue. The {@code @Slo} says what a good request is, so each
 * case reports goodput and SLO attainment.
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
