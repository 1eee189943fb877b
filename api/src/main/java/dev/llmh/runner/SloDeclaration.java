package dev.llmh.runner;

import dev.llmh.constraint.ConstraintParser;

/**
 * {@code @Slo} as written: each target a duration with its unit ({@code "2s"}), null when not a
 * target. The processor has checked each reads as a positive time and that one is given.
 */
public record SloDeclaration(String ttft, String tpot, String e2e) {

  /** The ttft target in ms, or NaN when none is declared. */
  public double ttftMs() {
    return ms(ttft, "ttft");
  }

  /** The tpot target in ms, or NaN when none is declared. */
  public double tpotMs() {
    return ms(tpot, "tpot");
  }

  /** The e2e target in ms, or NaN when none is declared. */
  public double e2eMs() {
    return ms(e2e, "e2e");
  }

  private static double ms(String value, String name) {
    return value == null ? Double.NaN
        : ConstraintParser.duration(value, "@Slo(" + name + " = \"" + value + "\")").canonical();
  }
}
