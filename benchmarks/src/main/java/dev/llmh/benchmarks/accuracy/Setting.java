package dev.llmh.benchmarks.accuracy;

import java.util.List;

/**
 * One setting of the accuracy benchmark: the server's schedule and the scenario that drives it.
 * The scenario's annotations fix tokens, concurrency and requests; they are repeated here only to
 * start the server with enough slots and the right lengths, and to label the table.
 */
public record Setting(
    String name, Class<?> scenario, long ttftMs, double itlMs, int tokens, int concurrency, int requests) {

  /**
   * The settings of issue 10: c=1 and c=16 at 100 ms / 20 ms / 64 tokens, and the 8k tokens/s stress;
   * and issue 27's scale, 1,000 streams at 20 chunks/s each, and the first three at 150 requests, for
   * the peers' CPU measure (none of these among the defaults).
   */
  public static final List<Setting> ALL = List.of(
      new Setting("c1", AccuracyC1.class, 100, 20, 64, 1, 50),
      new Setting("c16", AccuracyC16.class, 100, 20, 64, 16, 50),
      new Setting("stress", AccuracyStress.class, 10, 2, 256, 16, 50),
      new Setting("c1000", AccuracyC1000.class, 100, 50, 40, 1000, 2000),
      new Setting("c1-150", AccuracyLonger.C1.class, 100, 20, 64, 1, 150),
      new Setting("c16-150", AccuracyLonger.C16.class, 100, 20, 64, 16, 150),
      new Setting("stress-150", AccuracyLonger.Stress.class, 10, 2, 256, 16, 150));

  public static Setting named(String name) {
    return ALL.stream().filter(s -> s.name.equals(name)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no setting '" + name + "'; known: c1, c16, stress, c1000, c1-150, c16-150, stress-150"));
  }

  public String scenarioName() {
    return scenario.getName();
  }

  /** Tokens per second the server offers when every stream is busy. */
  public double offeredTokensPerSecond() {
    return concurrency * 1000 / itlMs;
  }
}
