package dev.llmh.samples;

import dev.llmh.annotations.Compare;
import dev.llmh.annotations.Constraint;
import dev.llmh.annotations.Endpoint;
import dev.llmh.annotations.LlmBenchmark;
import dev.llmh.annotations.MaxTokens;
import dev.llmh.annotations.Measurement;
import dev.llmh.annotations.Prompt;
import dev.llmh.annotations.Sampling;
import dev.llmh.annotations.Warmup;

/**
 * The quality check of a quantisation: the Q8_0 model's next-token distributions against its
 * F16 original's, along the original's greedy answer (KL divergence, sharper than perplexity, and
 * how often the two pick the same token). On the embedded server, {@code small-q8_0} is the
 * generated {@code small} model's weights quantised to Q8_0; against Ollama: {@code
 * -Dllmh.endpoint=http://localhost:11434/v1 -Dllmh.model=qwen2.5:7b-instruct-q8_0
 * -Dllmh.compare.reference=qwen2.5:7b-instruct-fp16} (a server that gives no log-probabilities
 * leaves both figures not measured, and the budgets INCONCLUSIVE).
 */
@LlmBenchmark
@Endpoint(model = "small-q8_0")
@Compare(reference = "small", tokens = 32, topK = 20)
@Warmup(requests = 1)
@Measurement(requests = 4, adaptive = false)
@Sampling(temperature = 0.0, seed = 42)
@MaxTokens(32)
@Constraint("kl_divergence.p99 <= 0.001")
@Constraint("top1_agreement >= 90%")
public class QuantisedAgainstF16 {

  @Prompt
  String explain = "Explain in two sentences why a quantised model can answer differently from its original.";
}
