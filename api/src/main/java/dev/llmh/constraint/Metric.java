package dev.llmh.constraint;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Every metric, declared once: the constraint grammar, the results file, the console, the Markdown
 * report and baselines all loop over these declarations, in this order. How each is computed lives
 * in one place too: {@code dev.llmh.analysis.MetricValues} for the requests' distributions and the
 * figures every case has, the feature's {@code Findings} for a feature's (goodput, the checks, the
 * serving hardware, a comparison).
 */
public enum Metric {
  TTFT("ttft", "ttft_ms", "ttft (ms)", Dimension.TIME, Shape.PER_REQUEST, true),
  TTFO("ttfo", "ttfo_ms", "ttfo (ms)", Dimension.TIME, Shape.PER_REQUEST, false),
  TPOT("tpot", "tpot_ms", "tpot (ms)", Dimension.TIME, Shape.PER_REQUEST, true),
  ITL("itl", "itl_ms", "itl (ms)", Dimension.TIME, Shape.POOLED, true),
  ITL_TOKEN("itl_token", "itl_token_ms", "itl/token (ms)", Dimension.TIME, Shape.POOLED, false),
  E2E("e2e", "e2e_ms", "e2e (ms)", Dimension.TIME, Shape.PER_REQUEST, true),
  /** Open loop only: actual − intended send (client lag and the wait for a {@code maxInFlight} slot). */
  QUEUE("queue", "queue_ms", "queue (ms)", Dimension.TIME, Shape.PER_REQUEST, false),
  /** Open loop only: TTFT counted from the intended send. */
  TTFT_FROM_SCHEDULE("ttft_from_schedule", "ttft_from_schedule_ms", "sched ttft (ms)", Dimension.TIME, Shape.PER_REQUEST, false),
  /** Open loop only: E2E counted from the intended send. */
  E2E_FROM_SCHEDULE("e2e_from_schedule", "e2e_from_schedule_ms", "sched e2e (ms)", Dimension.TIME, Shape.PER_REQUEST, false),
  OUTPUT_TOKENS("output_tokens", "output_tokens", "output tokens", Dimension.COUNT, Shape.PER_REQUEST, false),
  PROMPT_TOKENS("prompt_tokens", "prompt_tokens", "prompt tokens", Dimension.COUNT, Shape.PER_REQUEST, false),
  PREFILL_RATE("prefill_rate", "prefill_rate", "prefill (tok/s)", Dimension.TOKEN_RATE, Shape.PER_REQUEST, false),
  DECODE_RATE("decode_rate", "decode_rate", "decode (tok/s)", Dimension.TOKEN_RATE, Shape.PER_REQUEST, false),
  THROUGHPUT("throughput", "output_tokens_per_s", "throughput (tok/s)", Dimension.TOKEN_RATE, Shape.PER_CASE, false),
  REQUEST_RATE("request_rate", "requests_per_s", "requests (req/s)", Dimension.REQUEST_RATE, Shape.PER_CASE, false),
  /** Requests that succeeded within every {@code @Slo} target, per second of the measured phase. */
  GOODPUT("goodput", "goodput", "goodput (req/s)", Dimension.REQUEST_RATE, Shape.PER_CASE, false),
  /** Share of the measured requests that succeeded within every {@code @Slo} target; a failed one is not. */
  SLO_ATTAINMENT("slo_attainment", "slo_attainment", "slo attainment (%)", Dimension.RATIO, Shape.PER_CASE, false),
  /**
   * Share of the measured requests whose answer passed every check ({@code @Check}, {@code @ExpectJson},
   * {@code @ExpectRegex}); a failed request did not.
   */
  SUCCESS_RATE("success_rate", "success_rate", "success rate (%)", Dimension.RATIO, Shape.PER_CASE, false),
  ERROR_RATE("error_rate", "error_rate", "error rate (%)", Dimension.RATIO, Shape.PER_CASE, false),
  /** The serving process tree's largest resident set over the measured phase ({@code resources.peak_rss_bytes}). */
  PEAK_RSS("peak_rss", "peak_rss_bytes", "peak rss (MiB)", Dimension.BYTES, Shape.PER_CASE, false),
  /** The serving process tree's CPU per sample, in % of one core ({@code resources.series}). */
  CPU("cpu", "cpu_percent", "server cpu (%)", Dimension.RATIO, Shape.SERIES, false),
  /** Memory used on every GPU together, per sample ({@code resources.gpu}). */
  GPU_MEMORY("gpu_memory", "gpu_memory_bytes", "gpu memory (MiB)", Dimension.BYTES, Shape.SERIES, false),
  /** Power drawn by every GPU together, per sample ({@code resources.gpu}). */
  GPU_POWER("gpu_power", "gpu_power_watts", "gpu power (W)", Dimension.POWER, Shape.SERIES, false),
  /** Energy over the measured phase per output token ({@code resources.energy}). */
  ENERGY_PER_TOKEN("energy_per_token", "energy_per_token_j", "energy (J/token)", Dimension.ENERGY, Shape.PER_CASE, false),
  /** What a million output tokens cost at the declared prices and utilisation ({@code cost}). */
  COST_PER_MTOK("cost_per_mtok", "cost_per_mtok", "cost per Mtok", Dimension.MONEY, Shape.PER_CASE, false),
  /**
   * Median decode rate per stream × weight bytes read per token, in % of the memory bandwidth
   * ({@code physics}): above 100% the rate is physically implausible.
   */
  BANDWIDTH_USE("bandwidth_use", "bandwidth_use_percent", "bandwidth use (%)", Dimension.RATIO, Shape.PER_CASE, false),
  /**
   * The mean of the judge's 1–5 scores of the measured answers ({@code @Judge}), judged on its t
   * interval; judge failures are counted apart, never scored ({@code judge}).
   */
  JUDGE_SCORE("judge_score", "judge_score", "judge score (1-5)", Dimension.SCORE, Shape.PER_CASE, false),
  /**
   * KL(reference ‖ candidate) at each token position of the reference's greedy answer, in nats
   * ({@code @Compare}, {@code results[].compare}): a statistic of the positions ({@code
   * kl_divergence.mean}, {@code kl_divergence.p99}) is judged on its observed value, since the
   * positions of one text are not independent draws that an interval could rest on.
   */
  KL_DIVERGENCE("kl_divergence", "kl_divergence", "kl divergence (nats)", Dimension.INFORMATION, Shape.SERIES, false),
  /** Share of the compared positions where the candidate's most likely token is the reference's ({@code @Compare}). */
  TOP1_AGREEMENT("top1_agreement", "top1_agreement", "top-1 agreement (%)", Dimension.RATIO, Shape.PER_CASE, false),
  /**
   * The server's own time to its first token, per request ({@code server_timing}): llama.cpp's
   * {@code timings.prompt_ms}, Ollama's {@code load_duration + prompt_eval_duration}; neither counts
   * the wait for a slot. Not measured when the server sends no timings of its own.
   */
  SERVER_TTFT("server_ttft", "server_ttft_ms", "server ttft (ms)", Dimension.TIME, Shape.PER_REQUEST, false),
  /**
   * TTFT as the client measured it less the server's own ({@code server_timing}), per request: the
   * network, HTTP, the client, and the queueing the server does not count.
   */
  CLIENT_OVERHEAD("client_overhead", "client_overhead_ms", "client overhead (ms)", Dimension.TIME, Shape.PER_REQUEST, false),
  /** Prompt tokens the server took from its cache rather than prefilled, per request (llama.cpp {@code timings.cache_n}). */
  CACHED_PROMPT_TOKENS("cached_prompt_tokens", "cached_prompt_tokens", "cached prompt tokens", Dimension.COUNT, Shape.PER_REQUEST,
      false),
  /**
   * Time to open the request's TCP connection (through a proxy: its tunnel too), per request
   * ({@code network}); 0 for a request on a connection kept alive.
   */
  CONNECT("connect", "connect_ms", "connect (ms)", Dimension.TIME, Shape.PER_REQUEST, false),
  /** Time of the request's TLS handshake, per request ({@code network}); 0 on a connection kept alive, not measured over plain HTTP. */
  TLS("tls", "tls_ms", "tls (ms)", Dimension.TIME, Shape.PER_REQUEST, false),
  /** From the request written to its response's head, per request ({@code network}): the server's and the network's. */
  WAITING("waiting", "waiting_ms", "waiting (ms)", Dimension.TIME, Shape.PER_REQUEST, false),
  /**
   * The server's KV cache in use, % of what it holds, per sample of its Prometheus {@code /metrics}
   * ({@code server_metrics}): vLLM's {@code kv_cache_usage_perc}, llama.cpp's {@code kv_cache_usage_ratio},
   * SGLang's {@code token_usage}; the fullest engine where there are several.
   */
  SERVER_KV_CACHE_USAGE("server_kv_cache_usage", "server_kv_cache_usage", "server kv cache (%)", Dimension.RATIO, Shape.SERIES, false),
  /** Requests the server holds waiting, per sample of its {@code /metrics} (vLLM, llama.cpp's deferred, SGLang's queue). */
  SERVER_REQUESTS_WAITING("server_requests_waiting", "server_requests_waiting", "server waiting", Dimension.COUNT, Shape.SERIES,
      false),
  /** Requests the server is running, per sample of its {@code /metrics}. */
  SERVER_REQUESTS_RUNNING("server_requests_running", "server_requests_running", "server running", Dimension.COUNT, Shape.SERIES,
      false),
  /** Requests the server preempted over the measured phase: the increase of vLLM's {@code num_preemptions}. */
  SERVER_PREEMPTIONS("server_preemptions", "server_preemptions", "server preemptions", Dimension.COUNT, Shape.PER_CASE, false),
  /**
   * Prompt tokens the server's prefix cache held, % of those it looked up, over the measured phase: the
   * increases of vLLM's {@code prefix_cache_hits} and {@code prefix_cache_queries}.
   */
  SERVER_PREFIX_CACHE_HIT_RATE("server_prefix_cache_hit_rate", "server_prefix_cache_hit_rate", "server prefix cache hits (%)",
      Dimension.RATIO, Shape.PER_CASE, false),
  /**
   * The time requests waited in the server's queue, as its histogram has it over the measured phase
   * (vLLM's {@code request_queue_time_seconds}): {@code mean} and the percentiles its buckets give,
   * judged on the observed value; a histogram keeps no min or max.
   */
  SERVER_QUEUE("server_queue", "server_queue_ms", "server queue (ms)", Dimension.TIME, Shape.SERIES, false),
  /** The time requests spent in prefill, as the server's histogram has it (vLLM's {@code request_prefill_time_seconds}). */
  SERVER_PREFILL("server_prefill", "server_prefill_ms", "server prefill (ms)", Dimension.TIME, Shape.SERIES, false),
  /** Speculative decoding: draft tokens the target model accepted, % of those proposed, over the measured phase (vLLM). */
  SERVER_DRAFT_ACCEPTANCE_RATE("server_draft_acceptance_rate", "server_draft_acceptance_rate", "server draft acceptance (%)",
      Dimension.RATIO, Shape.PER_CASE, false),
  /** Speculative decoding: tokens each draft step yields, 1 + accepted tokens per draft, over the measured phase (vLLM). */
  SERVER_MEAN_ACCEPTANCE_LENGTH("server_mean_acceptance_length", "server_mean_acceptance_length", "server acceptance length",
      Dimension.SCORE, Shape.PER_CASE, false);

  /** How a metric's values come about, which decides how it is summarised and judged. */
  public enum Shape {
    /** One value per counted request: percentiles with order-statistic intervals. */
    PER_REQUEST,
    /** Many values per request (gaps), pooled: intervals by a request-level bootstrap. */
    POOLED,
    /** One figure for the whole case (a rate over the measured phase): judged on the figure. */
    PER_CASE,
    /**
     * Values sampled over time from the server's process or GPUs, not from requests: a statistic of
     * the series ({@code cpu.mean}, {@code gpu_memory.max}) is judged on its observed value, since
     * successive samples are not independent draws that an interval could rest on.
     */
    SERIES
  }

  private final String key;
  private final String jsonName;
  private final String label;
  private final Dimension dimension;
  private final Shape shape;
  private final boolean baseline;

  Metric(String key, String jsonName, String label, Dimension dimension, Shape shape, boolean baseline) {
    this.key = key;
    this.jsonName = jsonName;
    this.label = label;
    this.dimension = dimension;
    this.shape = shape;
    this.baseline = baseline;
  }

  /** The name used in constraints, e.g. {@code ttft}. */
  public String key() {
    return key;
  }

  /**
   * The name in the results file: a key of {@code metrics} for a distribution ({@code ttft_ms}),
   * of {@code throughput} for a per-case rate ({@code output_tokens_per_s}).
   */
  public String jsonName() {
    return jsonName;
  }

  /** The console's row label, with the unit. */
  public String label() {
    return label;
  }

  /** The unit its figures and budgets are shown in: ms for times, tok/s for token rates... */
  public Unit displayUnit() {
    return dimension.displayUnit();
  }

  public Dimension dimension() {
    return dimension;
  }

  public Shape shape() {
    return shape;
  }

  /** True for distributions, per request or sampled over time, which need a statistic ({@code ttft.p95}, {@code cpu.mean}). */
  public boolean isDistribution() {
    return shape != Shape.PER_CASE;
  }

  /**
   * True for figures that come from the requests (one or many values each) and that every case
   * computes and summarises in {@code metrics}; not those {@linkplain #byFeature() of a feature}.
   */
  public boolean fromRequests() {
    return (shape == Shape.PER_REQUEST || shape == Shape.POOLED) && !byFeature();
  }

  /**
   * True for a distribution of the requests that a feature computes, judges and records in its own
   * section, from what not every server says ({@code server_timing}); the core's {@code metrics}
   * leave it out.
   */
  public boolean byFeature() {
    return switch (this) {
      case SERVER_TTFT, CLIENT_OVERHEAD, CACHED_PROMPT_TOKENS, CONNECT, TLS, WAITING -> true;
      default -> false;
    };
  }

  /**
   * True for figures of the serving hardware rather than of the requests: sampled from its process
   * or GPUs, or computed from them with declared prices and bandwidth. Where nothing can be sampled
   * (a remote endpoint) they are not measured, and a budget on one is INCONCLUSIVE with the reason.
   */
  public boolean resource() {
    return switch (this) {
      case PEAK_RSS, CPU, GPU_MEMORY, GPU_POWER, ENERGY_PER_TOKEN, COST_PER_MTOK, BANDWIDTH_USE -> true;
      default -> false;
    };
  }

  /**
   * True for the figures the server says of itself at its Prometheus {@code /metrics}, sampled apart
   * from the requests: a server without them leaves them not measured, however many requests are sent.
   */
  public boolean serverMetric() {
    return switch (this) {
      case SERVER_KV_CACHE_USAGE, SERVER_REQUESTS_WAITING, SERVER_REQUESTS_RUNNING, SERVER_PREEMPTIONS,
          SERVER_PREFIX_CACHE_HIT_RATE, SERVER_QUEUE, SERVER_PREFILL, SERVER_DRAFT_ACCEPTANCE_RATE,
          SERVER_MEAN_ACCEPTANCE_LENGTH -> true;
      default -> false;
    };
  }

  /** True when a stored baseline is compared on this metric ({@code ttft.p50 regression < 10%}). */
  public boolean comparedWithBaseline() {
    return baseline;
  }

  /** True when the figure counts good requests, so it needs {@code @Slo} to say what a good request is. */
  public boolean needsSlo() {
    return this == GOODPUT || this == SLO_ATTAINMENT;
  }

  /** True when the figure counts answers that passed their checks, so it needs a check declared. */
  public boolean needsChecks() {
    return this == SUCCESS_RATE;
  }

  /** True when the figure is the judge's, so it needs {@code @Judge}. */
  public boolean needsJudge() {
    return this == JUDGE_SCORE;
  }

  /**
   * True for the figures of a distribution comparison against a reference model ({@code @Compare}):
   * computed from log-probabilities asked apart from the measured requests, not measured (with the
   * reason) when the servers give none.
   */
  public boolean compared() {
    return this == KL_DIVERGENCE || this == TOP1_AGREEMENT;
  }

  /** True for the figures only an open-loop schedule defines: not measured under a closed loop. */
  public boolean fromSchedule() {
    return this == QUEUE || this == TTFT_FROM_SCHEDULE || this == E2E_FROM_SCHEDULE;
  }

  /**
   * True when the figure is computed from output token counts, so that a count the server made up
   * (flag {@code usage_implausible}) makes it untrustworthy.
   */
  public boolean countsOutputTokens() {
    return this == TPOT || this == ITL_TOKEN || this == OUTPUT_TOKENS || this == DECODE_RATE || this == THROUGHPUT;
  }

  /** The metric a constraint names by its key ({@code connect}) or by its name in the results file ({@code connect_ms}). */
  public static Optional<Metric> byKey(String key) {
    return Arrays.stream(values()).filter(m -> m.key.equals(key) || m.jsonName.equals(key)).findFirst();
  }

  public static String allKeys() {
    return Arrays.stream(values()).map(Metric::key).collect(Collectors.joining(", "));
  }
}
