package dev.llmh.config;

import java.time.Duration;
import java.util.List;

/** Every default, in one place. The README's configuration table mirrors this class. */
public final class Defaults {
  private Defaults() {}

  /** The endpoint used when neither configuration nor {@code @Endpoint} names one. */
  public static final String ENDPOINT = "embedded";

  public static final int WARMUP_REQUESTS = 2;
  public static final int MEASURED_REQUESTS = 10;
  public static final double TEMPERATURE = 0.0;
  public static final long SEED = 42;
  public static final int MAX_TOKENS = 128;
  public static final List<Integer> CONCURRENCY = List.of(1);

  public static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
  /** Long enough for a minute of prefill on a slow machine before the first byte arrives. */
  public static final Duration READ_TIMEOUT = Duration.ofMinutes(5);

  public static final String RESULTS_DIR = "target/llmh";

  /** Embedded (simulated) server: fast enough for quick samples, slow enough to show prefill. */
  public static final double EMBEDDED_PREFILL_RATE = 1500;
  public static final double EMBEDDED_DECODE_RATE = 60;
  public static final int EMBEDDED_SLOTS = 2;
}
