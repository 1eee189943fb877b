package dev.llmh.annotations;

/**
 * How an open-loop schedule spaces its requests ({@link Load#arrivals()}); every kind keeps the mean
 * gap at 1 / rate.
 */
public enum Arrivals {
  /** Exponential gaps, as independent users arrive: a Poisson process (gamma with shape 1). */
  POISSON,
  /** Equal gaps of exactly 1 / rate. */
  CONSTANT,
  /**
   * Gamma-distributed gaps with shape {@link Load#burstiness()}, as vLLM's {@code --burstiness}:
   * below 1 burstier than Poisson, above 1 steadier; coefficient of variation 1 / √burstiness.
   */
  GAMMA
}
