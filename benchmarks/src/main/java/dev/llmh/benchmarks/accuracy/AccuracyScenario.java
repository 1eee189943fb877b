package dev.llmh.benchmarks.accuracy;

import dev.llmh.annotations.Endpoint;
import dev.llmh.annotations.Measurement;
import dev.llmh.annotations.Prompt;

/**
 * What the accuracy scenarios share: any model (the ground-truth server serves whatever is asked
 * for), exactly 50 measured requests, default warm-up (what a user gets), and one prompt. The
 * prompt's text does not matter: the server's timing is fixed and its token counts are replaced by
 * its request numbers.
 */
@Endpoint(model = "any")
@Measurement(requests = 50, adaptive = false)
public abstract class AccuracyScenario {
  @Prompt
  String chat = "Count from one to one hundred.";
}
