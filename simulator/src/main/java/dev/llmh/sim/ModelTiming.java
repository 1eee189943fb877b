package dev.llmh.sim;

import java.time.Duration;
import java.util.Objects;

/**
 * How fast the simulated model works: its prefill and decode rates and the delays around them. Part
 * of {@link SimulatorSettings}; change it there with the {@code with...} methods.
 *
 * @param prefillTokensPerSecond prompt processing rate; {@code Double.POSITIVE_INFINITY} = no prefill delay
 * @param firstTokenDelay        fixed delay added before the first content chunk
 * @param decodeTokensPerSecond  output rate per slot; the gap between content chunks is
 *                               {@code tokensPerChunk / decodeTokensPerSecond} (infinity = no gap)
 * @param decodeSlowdownPerContextToken how much longer each output token takes per token of context (the
 *                               request's prompt tokens), as attention reads a KV cache that grows with the
 *                               context: TPOT = 1 / decodeTokensPerSecond + this × prompt tokens.
 *                               Zero (the default) keeps decode independent of the context
 * @param firstRequestLoad       a cold model load before the first accepted request's prefill, reported
 *                               as Ollama's {@code load_duration} (later requests report 0)
 */
public record ModelTiming(
    double prefillTokensPerSecond,
    Duration firstTokenDelay,
    double decodeTokensPerSecond,
    Duration decodeSlowdownPerContextToken,
    Duration firstRequestLoad) {

  public ModelTiming {
    Objects.requireNonNull(firstTokenDelay, "firstTokenDelay");
    if (!(prefillTokensPerSecond > 0)) {
      throw new IllegalArgumentException("prefillTokensPerSecond must be > 0 (or infinity), was " + prefillTokensPerSecond);
    }
    if (!(decodeTokensPerSecond > 0)) {
      throw new IllegalArgumentException("decodeTokensPerSecond must be > 0 (or infinity), was " + decodeTokensPerSecond);
    }
    SimulatorSettings.requireNotNegative("firstTokenDelay", firstTokenDelay);
    Objects.requireNonNull(firstRequestLoad, "firstRequestLoad");
    SimulatorSettings.requireNotNegative("firstRequestLoad", firstRequestLoad);
    Objects.requireNonNull(decodeSlowdownPerContextToken, "decodeSlowdownPerContextToken");
    SimulatorSettings.requireNotNegative("decodeSlowdownPerContextToken", decodeSlowdownPerContextToken);
  }
}
