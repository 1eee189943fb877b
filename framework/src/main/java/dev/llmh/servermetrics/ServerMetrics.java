package dev.llmh.servermetrics;

import dev.llmh.constraint.Metric;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What a case's looks at the server's {@code /metrics} make of it: the figures LLMH names
 * ({@link Metric#serverMetric()}), each from the first family of its list the server exposes, or why
 * each is not measured; and every family as it was ({@link Families}).
 *
 * @param source the page's URL
 * @param intervalMs how often it was looked at between the first look and the last
 * @param looks how many looks the figures rest on
 * @param series a gauge figure's value at each look, by metric
 * @param figures a counter figure over the measured phase, by metric
 * @param families every family, each series by its own name; empty when nothing was looked at
 */
record ServerMetrics(String source, long intervalMs, int looks, Map<Metric, double[]> series, Map<Metric, Double> figures,
    Map<Metric, String> notMeasured, Map<String, Map<String, Map<String, Double>>> families) {

  /** The gauges' families, the first exposed of each list taken: vLLM's, llama.cpp's (--metrics), SGLang's, TGI's. */
  static final Map<Metric, List<String>> GAUGES = Map.of(
      Metric.SERVER_KV_CACHE_USAGE,
      List.of("vllm:kv_cache_usage_perc", "vllm:gpu_cache_usage_perc", "llamacpp:kv_cache_usage_ratio", "sglang:token_usage"),
      Metric.SERVER_REQUESTS_WAITING,
      List.of("vllm:num_requests_waiting", "llamacpp:requests_deferred", "sglang:num_queue_reqs", "tgi_queue_size"),
      Metric.SERVER_REQUESTS_RUNNING,
      List.of("vllm:num_requests_running", "llamacpp:requests_processing", "sglang:num_running_reqs", "tgi_batch_current_size"));
  static final List<String> PREEMPTIONS = List.of("vllm:num_preemptions_total");
  static final List<String> PREFIX_HITS = List.of("vllm:prefix_cache_hits_total", "vllm:gpu_prefix_cache_hits_total");
  static final List<String> PREFIX_QUERIES = List.of("vllm:prefix_cache_queries_total", "vllm:gpu_prefix_cache_queries_total");

  static final List<Metric> METRICS = List.of(Metric.SERVER_KV_CACHE_USAGE, Metric.SERVER_REQUESTS_WAITING,
      Metric.SERVER_REQUESTS_RUNNING, Metric.SERVER_PREEMPTIONS, Metric.SERVER_PREFIX_CACHE_HIT_RATE);

  /** Nothing measured, every figure for {@code reason}. */
  static ServerMetrics notMeasured(String source, long intervalMs, String reason) {
    Map<Metric, String> why = new EnumMap<>(Metric.class);
    METRICS.forEach(m -> why.put(m, reason));
    return new ServerMetrics(source, intervalMs, 0, Map.of(), Map.of(), why, Map.of());
  }

  static ServerMetrics of(String source, long intervalMs, List<Scrapes.Look> looks) {
    Map<Metric, double[]> series = new EnumMap<>(Metric.class);
    Map<Metric, Double> figures = new EnumMap<>(Metric.class);
    Map<Metric, String> why = new EnumMap<>(Metric.class);
    Scrapes.Look first = looks.get(0);
    Scrapes.Look last = looks.get(looks.size() - 1);
    GAUGES.forEach((metric, names) -> {
      String name = names.stream().filter(n -> sum(last, n) != null).findFirst().orElse(null);
      if (name == null) {
        why.put(metric, absent(source, names));
        return;
      }
      boolean fraction = metric == Metric.SERVER_KV_CACHE_USAGE; // 0 to 1 on every server: shown in %
      List<Double> values = new ArrayList<>();
      for (Scrapes.Look look : looks) {
        Double v = fraction ? max(look, name) : sum(look, name);
        if (v != null) {
          values.add(fraction ? 100 * v : v);
        }
      }
      series.put(metric, values.stream().mapToDouble(Double::doubleValue).toArray());
    });
    Double preempted = increase(first, last, PREEMPTIONS);
    if (preempted == null) {
      why.put(Metric.SERVER_PREEMPTIONS, absent(source, PREEMPTIONS));
    } else {
      figures.put(Metric.SERVER_PREEMPTIONS, preempted);
    }
    Double hits = increase(first, last, PREFIX_HITS);
    Double queries = increase(first, last, PREFIX_QUERIES);
    if (hits == null || queries == null) {
      why.put(Metric.SERVER_PREFIX_CACHE_HIT_RATE, absent(source, PREFIX_QUERIES));
    } else if (queries == 0) {
      why.put(Metric.SERVER_PREFIX_CACHE_HIT_RATE, "the server looked no prompt token up in its prefix cache during the"
          + " measured phase (" + PREFIX_QUERIES.get(0) + " did not grow)");
    } else {
      figures.put(Metric.SERVER_PREFIX_CACHE_HIT_RATE, 100 * hits / queries);
    }
    return new ServerMetrics(source, intervalMs, looks.size(), series, figures, why, Families.of(looks));
  }

  private static String absent(String source, List<String> names) {
    return "the server's metrics at " + source + " have no " + String.join(", ", names);
  }

  /** The first of {@code names} the last look has, from the first look to the last; null when neither has it. */
  private static Double increase(Scrapes.Look first, Scrapes.Look last, List<String> names) {
    for (String name : names) {
      Double end = sum(last, name);
      Double start = sum(first, name);
      if (end != null && start != null) {
        return end >= start ? end - start : end; // a counter that went down was reset: the server restarted
      }
    }
    return null;
  }

  /** Every series of {@code name} in {@code look}, summed (several engines, several models); null when it has none. */
  private static Double sum(Scrapes.Look look, String name) {
    return look.page().samples().stream().filter(s -> s.name().equals(name)).map(Exposition.Sample::value)
        .reduce(Double::sum).orElse(null);
  }

  /** The largest series of {@code name}: the fullest engine's cache binds. */
  private static Double max(Scrapes.Look look, String name) {
    return look.page().samples().stream().filter(s -> s.name().equals(name)).map(Exposition.Sample::value)
        .reduce(Math::max).orElse(null);
  }
}
