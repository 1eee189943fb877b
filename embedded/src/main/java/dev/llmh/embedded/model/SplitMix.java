package dev.llmh.embedded.model;

/**
 * SplitMix64: small, fast, and fully specified here, so that generated weights and corpora never
 * depend on the JDK's own generators.
 */
public final class SplitMix {
  private long state;

  public SplitMix(long seed) {
    state = seed;
  }

  public long nextLong() {
    long z = (state += 0x9E3779B97F4A7C15L);
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** Uniform in [0, 1). */
  public double nextDouble() {
    return (nextLong() >>> 11) * 0x1.0p-53;
  }

  /** Uniform in [0, bound). */
  public int nextInt(int bound) {
    return (int) (nextDouble() * bound);
  }
}
