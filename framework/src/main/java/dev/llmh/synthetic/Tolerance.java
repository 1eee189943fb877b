package dev.llmh.synthetic;

/**
 * How far a synthetic prompt's length, as the server counts it, may be from its target: ±2% or ±4
 * tokens, whichever is larger.
 */
public final class Tolerance {
  private Tolerance() {}

  /** Tokens either side of {@code target} that still count as on target. */
  public static int of(int target) {
    return Math.max(4, (int) Math.floor(target * 0.02));
  }
}
