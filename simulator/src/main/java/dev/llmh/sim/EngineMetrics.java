package dev.llmh.sim;

import dev.llmh.front.SlotQueue;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the simulated engine says of itself at {@code GET /metrics}, in vLLM's names and Prometheus'
 * text format, from its own state: the requests holding a slot ({@code vllm:num_requests_running})
 * and waiting for one ({@code vllm:num_requests_waiting}); a KV cache that fills with each running
 * request's prompt and planned answer, of {@link ServerCapacity#kvCache()} tokens
 * ({@code vllm:kv_cache_usage_perc}, at most 1); the prompt tokens looked up in and served from the prefix cache
 * ({@code vllm:prefix_cache_queries}, {@code vllm:prefix_cache_hits}, counted as each request ends),
 * the requests that succeeded ({@code vllm:request_success}) and the preemptions
 * ({@code vllm:num_preemptions}): a request admitted to a slot when its tokens do not fit in the cache
 * left counts as preempted, as vLLM would preempt a running one to make room (the simulator serves it
 * all the same, at its pace);
 * each request's wait for a slot and its time from the slot to its first chunk as vLLM's histograms
 * ({@code vllm:request_queue_time_seconds}, {@code vllm:request_prefill_time_seconds}, vLLM's buckets).
 * Every page it gives is logged ({@link #pages()}), the ground truth of what a scraper saw.
 */
public final class EngineMetrics {
  /** A slot's KV cache when the server's context is unlimited. */
  static final int DEFAULT_SLOT_TOKENS = 4096;

  /** One page as given: when, and its figures. */
  public record Page(
      long nanos, int running, int waiting, double kvCacheUsage, long prefixQueries, long prefixHits, long succeeded, long preemptions) {}

  private final SlotQueue slots;
  private final long capacity;
  private final AtomicLong reserved = new AtomicLong();
  private final AtomicLong queries = new AtomicLong();
  private final AtomicLong hits = new AtomicLong();
  private final AtomicLong succeeded = new AtomicLong();
  private final AtomicLong preempted = new AtomicLong();
  private final List<Page> pages = new ArrayList<>();
  private final Histogram queue = new Histogram();
  private final Histogram prefill = new Histogram();

  /** vLLM's buckets for its request-phase histograms, in seconds. */
  static final double[] BUCKETS = {0.3, 0.5, 0.8, 1.0, 1.5, 2.0, 2.5, 5.0, 10.0, 15.0, 20.0, 30.0, 40.0, 50.0, 60.0, 120.0,
      240.0, 480.0, 960.0, 1920.0, 7680.0};

  /** Observations in seconds, bucketed as Python's prometheus_client does: cumulative counts, a sum, a count. */
  private static final class Histogram {
    private final long[] counts = new long[BUCKETS.length];
    private long count;
    private double sum;

    synchronized void observe(double seconds) {
      for (int i = 0; i < BUCKETS.length; i++) {
        if (seconds <= BUCKETS[i]) {
          counts[i]++;
        }
      }
      count++;
      sum += seconds;
    }

    synchronized void write(StringBuilder text, String name, String help, String labels) {
      String inner = labels.substring(0, labels.length() - 1);
      text.append("# HELP ").append(name).append(' ').append(help).append('\n')
          .append("# TYPE ").append(name).append(" histogram\n");
      for (int i = 0; i < BUCKETS.length; i++) {
        text.append(name).append("_bucket").append(inner).append(",le=\"").append(BUCKETS[i]).append("\"} ").append(counts[i])
            .append(".0\n");
      }
      text.append(name).append("_bucket").append(inner).append(",le=\"+Inf\"} ").append(count).append(".0\n")
          .append(name).append("_count").append(labels).append(' ').append(count).append(".0\n")
          .append(name).append("_sum").append(labels).append(' ').append(String.format(Locale.ROOT, "%.17g", sum)).append('\n');
    }
  }

  EngineMetrics(SlotQueue slots, SimulatorSettings settings) {
    this.slots = slots;
    this.capacity = settings.capacity().kvCache();
  }

  /** A request took a slot: its prompt and planned answer hold cache, and it is preempted when they do not fit. */
  void admitted(Plan plan) {
    if (reserved.addAndGet(tokens(plan)) > capacity) {
      preempted.incrementAndGet();
    }
  }

  /** A request gave its slot back. */
  void finished(Plan plan) {
    reserved.addAndGet(-tokens(plan));
  }

  /**
   * A request's answer is complete, its last event about to go: its prompt was looked up in the
   * prefix cache ({@code cached} tokens were there), it waited from {@code arrival} to {@code slotAt}
   * for a slot, and its first chunk went at {@code firstChunk} (null: none). Counted before the last
   * event, as an engine counts a request it finished, so that a client that has read the whole answer
   * finds it counted.
   */
  void ended(int promptTokens, int cached, long arrival, long slotAt, Long firstChunk) {
    queries.addAndGet(promptTokens);
    hits.addAndGet(cached);
    succeeded.incrementAndGet();
    queue.observe((slotAt - arrival) / 1e9);
    if (firstChunk != null) {
      prefill.observe((firstChunk - slotAt) / 1e9);
    }
  }

  /** {@code GET /metrics}: the page, in Prometheus' text format. */
  void serve(com.sun.net.httpserver.HttpExchange ex, String model) throws java.io.IOException {
    byte[] page = page(model).getBytes(java.nio.charset.StandardCharsets.UTF_8);
    ex.getResponseHeaders().set("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
    ex.sendResponseHeaders(200, page.length);
    try (java.io.OutputStream out = ex.getResponseBody()) {
      out.write(page);
    }
  }

  /** The page, logged. */
  String page(String model) {
    Page page;
    synchronized (pages) {
      page = new Page(System.nanoTime(), slots.running(), slots.waiting(), Math.min(1.0, (double) reserved.get() / capacity),
          queries.get(), hits.get(), succeeded.get(), preempted.get());
      pages.add(page);
    }
    String labels = "{engine=\"0\",model_name=\"" + model + "\"}";
    StringBuilder text = new StringBuilder();
    family(text, "vllm:num_requests_running", "gauge", "Number of requests in model execution batches.", "", labels, page.running());
    family(text, "vllm:num_requests_waiting", "gauge", "Number of requests waiting to be processed.", "", labels, page.waiting());
    family(text, "vllm:kv_cache_usage_perc", "gauge", "KV-cache usage. 1 means 100 percent usage.", "", labels, page.kvCacheUsage());
    family(text, "vllm:num_preemptions", "counter", "Cumulative number of preemption from the engine.", "_total", labels, page.preemptions());
    family(text, "vllm:prefix_cache_queries", "counter", "Prefix cache queries, in terms of number of queried tokens.", "_total",
        labels, page.prefixQueries());
    family(text, "vllm:prefix_cache_hits", "counter", "Prefix cache hits, in terms of number of cached tokens.", "_total", labels,
        page.prefixHits());
    family(text, "vllm:request_success", "counter", "Count of successfully processed requests.", "_total", labels, page.succeeded());
    queue.write(text, "vllm:request_queue_time_seconds", "Histogram of time spent in WAITING phase for request.", labels);
    prefill.write(text, "vllm:request_prefill_time_seconds", "Histogram of time spent in PREFILL phase for request.", labels);
    return text.toString();
  }

  /** One family as Python's prometheus_client writes it (vLLM's): help, type, its one sample ({@code _total} for a counter). */
  private static void family(StringBuilder text, String name, String type, String help, String suffix, String labels, double value) {
    text.append("# HELP ").append(name).append(suffix).append(' ').append(help).append('\n')
        .append("# TYPE ").append(name).append(' ').append(type).append('\n')
        .append(name).append(suffix).append(labels).append(' ').append(String.format(Locale.ROOT, "%.17g", value)).append('\n');
  }

  /** Every page given so far, in order. */
  List<Page> pages() {
    synchronized (pages) {
      return List.copyOf(pages);
    }
  }

  private static long tokens(Plan plan) {
    return (long) plan.request().prompt().tokens() + plan.completionTokens();
  }
}
