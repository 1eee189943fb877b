package dev.llmh.constraint;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Every metric the constraint language knows. Metrics defined in ARCHITECTURE.md §3 but not yet
 * measured are listed so that a constraint naming them is a clear "not implemented yet" error
 * rather than an "unknown metric".
 */
public enum Metric {
  TTFT("ttft", Dimension.TIME, true, true),
  TPOT("tpot", Dimension.TIME, true, true),
  ITL("itl", Dimension.TIME, true, true),
  E2E("e2e", Dimension.TIME, true, true),
  TTFO("ttfo", Dimension.TIME, true, true),
  OUTPUT_TOKENS("output_tokens", Dimension.COUNT, true, false),
  PROMPT_TOKENS("prompt_tokens", Dimension.COUNT, true, false),
  PREFILL_RATE("prefill_rate", Dimension.TOKEN_RATE, true, false),
  DECODE_RATE("decode_rate", Dimension.TOKEN_RATE, true, false),
  THROUGHPUT("throughput", Dimension.TOKEN_RATE, false, false),
  REQUEST_RATE("request_rate", Dimension.REQUEST_RATE, false, false),
  GOODPUT("goodput", Dimension.REQUEST_RATE, false, false),
  ERROR_RATE("error_rate", Dimension.RATIO, false, true);

  private final String key;
  private final Dimension dimension;
  private final boolean distribution;
  private final boolean implemented;

  Metric(String key, Dimension dimension, boolean distribution, boolean implemented) {
    this.key = key;
    this.dimension = dimension;
    this.distribution = distribution;
    this.implemented = implemented;
  }

  /** The name used in constraints, e.g. {@code ttft}. */
  public String key() {
    return key;
  }

  public Dimension dimension() {
    return dimension;
  }

  /** True for per-request distributions, which need a statistic ({@code ttft.p95}). */
  public boolean isDistribution() {
    return distribution;
  }

  public boolean isImplemented() {
    return implemented;
  }

  /**
   * True when the figure is computed from output token counts, so that a count the server made up
   * (flag {@code usage_implausible}) makes it untrustworthy.
   */
  public boolean countsOutputTokens() {
    return this == TPOT || this == OUTPUT_TOKENS || this == DECODE_RATE || this == THROUGHPUT;
  }

  public static Optional<Metric> byKey(String key) {
    return Arrays.stream(values()).filter(m -> m.key.equals(key)).findFirst();
  }

  public static String implementedKeys() {
    return Arrays.stream(values())
        .filter(Metric::isImplemented)
        .map(Metric::key)
        .collect(Collectors.joining(", "));
  }

  public static String allKeys() {
    return Arrays.stream(values()).map(Metric::key).collect(Collectors.joining(", "));
  }
}
