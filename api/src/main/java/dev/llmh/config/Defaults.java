package dev.llmh.config;

import dev.llmh.annotations.PromptCache;
import java.time.Duration;
import java.util.List;

/** Every default, in one place. The configuration table of docs/guide/configuration.md mirrors this class. */
public final class Defaults {
  private Defaults() {}

  /** The endpoint name of the real llama.cpp engine that LLMH starts itself. */
  public static final String EMBEDDED_ENDPOINT = "embedded";

  /** The endpoint name of the deterministic simulator (the harness's own timing ground truth). */
  public static final String SIMULATED_ENDPOINT = "simulated";

  /** The endpoint used when neither configuration nor {@code @Endpoint} names one. */
  public static final String ENDPOINT = EMBEDDED_ENDPOINT;

  public static final int WARMUP_REQUESTS = 2;
  public static final int MEASURED_REQUESTS = 10;
  /**
   * The most requests a case measures adaptively when its budgets need more than {@link
   * #MEASURED_REQUESTS} and it sets no ceiling: enough for a p99 budget at 95% over seven looks (640).
   */
  public static final int MAX_REQUESTS = 1000;
  /** Up to 12,000 short requests in-process: C2 takes over a method after some 5,000 to 15,000 calls. */
  public static final int CLIENT_WARMUP = 12_000;
  public static final double TEMPERATURE = 0.0;
  public static final long SEED = 42;
  public static final int MAX_TOKENS = 128;
  public static final List<Integer> CONCURRENCY = List.of(1);
  /** {@code @SaturationSearch(minGain)}: below a 5% gain in output tok/s a step is not worth its latency. */
  public static final double SATURATION_MIN_GAIN = 0.05;
  /**
   * {@code @SaturationSearch(kvCacheLimit)}: a KV cache this full has no room for one more long
   * request, and the next step would preempt or queue.
   */
  public static final String SATURATION_KV_CACHE_LIMIT = "95%";
  /**
   * Requests waiting at the server, on average over a step, from which a growth step over step means
   * the server queues what the client adds: less than one is a request caught between two engine steps.
   */
  public static final double SATURATION_WAITING = 1.0;

  /** {@code @Server(ready)}: llama.cpp's server, vLLM, SGLang and TGI all answer there once loaded. */
  public static final String SERVER_READY = "/health";
  /** {@code @Server(url)}: the OpenAI-compatible API of a server on this machine. */
  public static final String SERVER_URL = "http://127.0.0.1:{port}/v1";
  /** {@code @Server(startTimeout)}: a large model loads from disk in minutes. */
  public static final Duration SERVER_START_TIMEOUT = Duration.ofMinutes(5);
  /** How long a started server may take to exit once asked, before it is killed. */
  public static final Duration SERVER_STOP_GRACE = Duration.ofSeconds(10);
  /** TTFT measures the whole prefill unless a scenario asks for the prefix cache */
  public static final PromptCache.Mode PROMPT_CACHE = PromptCache.Mode.UNIQUE;

  public static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
  /** Long enough for a minute of prefill on a slow machine before the first byte arrives. */
  public static final Duration READ_TIMEOUT = Duration.ofMinutes(5);
  /**
   * As long as the read timeout: a first token may need a long prefill. It exists because a server
   * can keep a connection busy (a role-only chunk, keep-alive comments) without ever answering.
   */
  public static final Duration FIRST_TOKEN_TIMEOUT = Duration.ofMinutes(5);

  /**
   * Every request ends: a server that keeps streaming defeats the idle and first-token timeouts,
   * so the whole request has a deadline too, above the first-token timeout plus a long answer.
   */
  public static final Duration REQUEST_TIMEOUT = Duration.ofMinutes(10);
  /** Every case ends: past this, requests in flight are cancelled and no more are sent. */
  public static final Duration CASE_TIMEOUT = Duration.ofMinutes(60);

  public static final String RESULTS_DIR = "target/llmh";

  /**
   * Embedded llama.cpp server: the samples' model and one slot per core; each slot gets the model's
   * context divided by the slots (4,096 tokens for {@code small}: the longest sample plus its answer).
   */
  public static final String EMBEDDED_MODEL = "small";
  public static final int EMBEDDED_SLOTS = 2;
  public static final String EMBEDDED_MODELS_DIR = "target/llmh-models";
  public static final Duration EMBEDDED_START_TIMEOUT = Duration.ofMinutes(5);

  /** Simulated server: fast enough for quick runs, slow enough to show prefill. */
  public static final double SIMULATED_PREFILL_RATE = 1500;
  public static final double SIMULATED_DECODE_RATE = 60;
  public static final int SIMULATED_SLOTS = 2;

  /** Relative change (in %) that run-to-run noise can explain: a regression must exceed it for sure. */
  public static final double NOISE_BAND_PERCENT = 5;

  /** Intervals are two-sided at this level; verdicts use one-sided bounds at it. */
  public static final double CONFIDENCE = 0.95;
  /** Too little evidence is not a red build: an INCONCLUSIVE case is reported as aborted (skipped). */
  public static final String INCONCLUSIVE = "skip";

  /** Long phases and running cases say how far they are (off: {@code -Dllmh.progress=false}). */
  public static final boolean PROGRESS = true;
  /**
   * Where the console is not a terminal (a CI log, Surefire's echo of a forked JVM), a progress line
   * at most this often, the first this long into a case: short cases print nothing extra.
   */
  public static final Duration PROGRESS_INTERVAL = Duration.ofSeconds(10);
  /** Resident memory and CPU of the serving process this often: every 250 ms, fine enough to catch a prefill's peak. */
  public static final Duration RESOURCES_INTERVAL = Duration.ofMillis(250);
  /** {@code llmh.server.metrics}: the endpoint's own {@code /metrics}, where it offers them. */
  public static final String SERVER_METRICS = "auto";
  /** {@code llmh.server.metrics.interval}: AIPerf samples every 100 ms; vLLM's gauges move per engine step. */
  public static final Duration SERVER_METRICS_INTERVAL = Duration.ofMillis(250);
  /** Prices and cost budgets are in US dollars unless {@code llmh.cost.currency} says otherwise. */
  public static final String COST_CURRENCY = "USD";
  /** Generating every hour the hardware is on: the best case, which a user lowers to their own. */
  public static final double COST_UTILISATION_PERCENT = 100;
  /**
   * Characters of each answer (and of its reasoning) in the record: a long answer whole, and a few
   * thousand requests' worth of them still a results file a person can open.
   */
  public static final int RECORD_TEXT_CHARS = 4_000;
  /** On a terminal, the progress line is rewritten in place this often. */
  public static final Duration PROGRESS_REFRESH = Duration.ofSeconds(1);
  /**
   * Log-probabilities per position in a distribution comparison: OpenAI's chat API allows at most
   * 20, its legacy completions 5; 5 holds nearly all the mass of a confident model and every
   * server takes it.
   */
  public static final int COMPARE_TOP_K = 5;

  /** Tokens a judge may write for its score and rationale ({@code @Judge(maxTokens)}). */
  public static final int JUDGE_MAX_TOKENS = 256;
}
