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
 * @param lookMs when each look was answered, in ms after the first
 * @param series a gauge figure's value at each look, by metric
 * @param figures a counter figure over the measured phase, by metric
 * @param histograms a histogram figure over the measured phase, by metric: {@code count}, and in ms
 *     {@code mean}, {@code p50}, {@code p90}, {@code p95}, {@code p99}
 * @param families every family, each series by its own name; empty when nothing was looked at
 */
record ServerMetrics(String source, long intervalMs, int looks, List<Double> lookMs, Map<Metric, double[]> series, Map<Metric, Double> figures,
    Map<Metric, Map<String, Double>> histograms, Map<Metric, String> notMeasured,
    Map<String, Map<String, Map<String, Double>>> families) {

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

  /** The histograms' families, in seconds (vLLM's). */
  static final Map<Metric, String> HISTOGRAMS = Map.of(
      Metric.SERVER_QUEUE, "vllm:request_queue_time_seconds", Metric.SERVER_PREFILL, "vllm:request_prefill_time_seconds");
  static final String DRAFTS = "vllm:spec_decode_num_drafts_total";
  static final String DRAFT_TOKENS = "vllm:spec_decode_num_draft_tokens_total";
  static final String ACCEPTED = "vllm:spec_decode_num_accepted_tokens_total";

  static final List<Metric> METRICS = List.of(Metric.SERVER_KV_CACHE_USAGE, Metric.SERVER_REQUESTS_WAITING,
      Metric.SERVER_REQUESTS_RUNNING, Metric.SERVER_PREEMPTIONS, Metric.SERVER_PREFIX_CACHE_HIT_RATE, Metric.SERVER_QUEUE,
      Metric.SERVER_PREFILL, Metric.SERVER_DRAFT_ACCEPTANCE_RATE, Metric.SERVER_MEAN_ACCEPTANCE_LENGTH);

  /** Nothing measured, every figure for {@code reason}. */
  static ServerMetrics notMeasured(String source, long intervalMs, String reason) {
    Map<Metric, String> why = new EnumMap<>(Metric.class);
    METRICS.forEach(m -> why.put(m, reason));
    return new ServerMetrics(source, intervalMs, 0, List.of(), Map.of(), Map.of(), Map.of(), why, Map.of());
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
    speculation(source, first, last, figures, why);
    List<Double> lookMs = looks.stream().map(l -> (l.nanos() - first.nanos()) / 1e6).toList();
    return new ServerMetrics(source, intervalMs, looks.size(), lookMs, series, figures, histograms(source, first, last, why), why,
        Families.of(looks));
  }

  /** Each histogram figure over the phase, in ms; why one is absent into {@code why}. */
  private static Map<Metric, Map<String, Double>> histograms(String source, Scrapes.Look first, Scrapes.Look last,
      Map<Metric, String> why) {
    Map<Metric, Map<String, Double>> histograms = new EnumMap<>(Metric.class);
    HISTOGRAMS.forEach((metric, family) -> {
      Map<String, Double> seconds = Histograms.merged(family, first, last);
      if (seconds.isEmpty()) {
        why.put(metric, absent(source, List.of(family)));
      } else if (seconds.get("count") == 0) {
        why.put(metric, "the server counted no request in " + family + " during the measured phase");
      } else {
        Map<String, Double> ms = new java.util.LinkedHashMap<>();
        seconds.forEach((stat, value) -> ms.put(stat, stat.equals("count") ? value : 1000 * value));
        histograms.put(metric, ms);
      }
    });
    return histograms;
  }

  /** Speculative decoding's figures, from vLLM's draft counters; why they are absent into {@code why}. */
  private static void speculation(String source, Scrapes.Look first, Scrapes.Look last, Map<Metric, Double> figures,
      Map<Metric, String> why) {
    Double drafts = increase(first, last, List.of(DRAFTS));
    Double proposed = increase(first, last, List.of(DRAFT_TOKENS));
    Double accepted = increase(first, last, List.of(ACCEPTED));
    if (drafts == null || proposed == null || accepted == null) {
      String reason = absent(source, List.of(DRAFTS, DRAFT_TOKENS, ACCEPTED)) + ": no speculative decoding";
      why.put(Metric.SERVER_DRAFT_ACCEPTANCE_RATE, reason);
      why.put(Metric.SERVER_MEAN_ACCEPTANCE_LENGTH, reason);
    } else if (drafts == 0 || proposed == 0) {
      String reason = "the server drafted nothing during the measured phase (" + DRAFTS + " did not grow)";
      why.put(Metric.SERVER_DRAFT_ACCEPTANCE_RATE, reason);
      why.put(Metric.SERVER_MEAN_ACCEPTANCE_LENGTH, reason);
    } else {
      figures.put(Metric.SERVER_DRAFT_ACCEPTANCE_RATE, 100 * accepted / proposed);
      figures.put(Metric.SERVER_MEAN_ACCEPTANCE_LENGTH, 1 + accepted / drafts);
    }
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
