package dev.llmh.servermetrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.llmh.constraint.Metric;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Exposition text as vLLM (Python's prometheus_client: counters as {@code _total} and {@code _created},
 * histograms as {@code _bucket}, {@code _count}, {@code _sum}) and llama.cpp's server ({@code --metrics}:
 * a counter declared by its {@code _total} name) write it, read into the figures LLMH names.
 */
class ServerMetricsTest {
  private static final String LABELS = "engine=\"0\",model_name=\"Qwen/Qwen3-0.6B\"";

  /** A vLLM page with the given gauges and counters. */
  private static String vllm(int running, int waiting, double kv, int preemptions, int queries, int hits, int[] queueBuckets,
      double queueSum) {
    int drafts = queries / 100;
    return String.join("\n",
        "# TYPE vllm:spec_decode_num_drafts counter",
        "vllm:spec_decode_num_drafts_total{" + LABELS + "} " + drafts + ".0",
        "# TYPE vllm:spec_decode_num_draft_tokens counter",
        "vllm:spec_decode_num_draft_tokens_total{" + LABELS + "} " + 3 * drafts + ".0",
        "# TYPE vllm:spec_decode_num_accepted_tokens counter",
        "vllm:spec_decode_num_accepted_tokens_total{" + LABELS + "} " + 2 * drafts + ".0",
        "# HELP vllm:num_requests_running Number of requests in model execution batches.",
        "# TYPE vllm:num_requests_running gauge",
        "vllm:num_requests_running{" + LABELS + "} " + running + ".0",
        "# HELP vllm:num_requests_waiting Number of requests waiting to be processed.",
        "# TYPE vllm:num_requests_waiting gauge",
        "vllm:num_requests_waiting{" + LABELS + "} " + waiting + ".0",
        "# HELP vllm:kv_cache_usage_perc KV-cache usage. 1 means 100 percent usage.",
        "# TYPE vllm:kv_cache_usage_perc gauge",
        "vllm:kv_cache_usage_perc{" + LABELS + "} " + kv,
        "# HELP vllm:num_preemptions_total Cumulative number of preemption from the engine.",
        "# TYPE vllm:num_preemptions counter",
        "vllm:num_preemptions_total{" + LABELS + "} " + preemptions + ".0",
        "vllm:num_preemptions_created{" + LABELS + "} 1.7600217e+09",
        "# TYPE vllm:prefix_cache_queries counter",
        "vllm:prefix_cache_queries_total{" + LABELS + "} " + queries + ".0",
        "# TYPE vllm:prefix_cache_hits counter",
        "vllm:prefix_cache_hits_total{" + LABELS + "} " + hits + ".0",
        "# HELP vllm:request_queue_time_seconds Histogram of time spent in WAITING phase for request.",
        "# TYPE vllm:request_queue_time_seconds histogram",
        "vllm:request_queue_time_seconds_sum{" + LABELS + "} " + queueSum,
        "vllm:request_queue_time_seconds_bucket{" + LABELS + ",le=\"0.1\"} " + queueBuckets[0] + ".0",
        "vllm:request_queue_time_seconds_bucket{" + LABELS + ",le=\"0.5\"} " + queueBuckets[1] + ".0",
        "vllm:request_queue_time_seconds_bucket{" + LABELS + ",le=\"+Inf\"} " + queueBuckets[2] + ".0",
        "vllm:request_queue_time_seconds_count{" + LABELS + "} " + queueBuckets[2] + ".0",
        "vllm:request_queue_time_seconds_created{" + LABELS + "} 1.7600217e+09",
        "");
  }

  private static Scrapes.Look look(long ms, String text) {
    return new Scrapes.Look(ms * 1_000_000L, Exposition.parse(text));
  }

  @Test
  void vllmsGaugesAreSeriesItsCountersIncreasesAndItsHistogramsPercentiles() {
    List<Scrapes.Look> looks = List.of(
        look(0, vllm(0, 0, 0.0, 3, 1000, 100, new int[] {10, 12, 12}, 0.4)),
        look(250, vllm(4, 2, 0.25, 3, 1600, 400, new int[] {10, 16, 18}, 1.4)),
        look(500, vllm(2, 0, 0.125, 5, 2000, 600, new int[] {10, 20, 22}, 2.0)));
    ServerMetrics m = ServerMetrics.of("http://host:8000/metrics", 250, looks);
    assertThat(m.series().get(Metric.SERVER_KV_CACHE_USAGE)).containsExactly(0.0, 25.0, 12.5);
    assertThat(m.series().get(Metric.SERVER_REQUESTS_RUNNING)).containsExactly(0.0, 4.0, 2.0);
    assertThat(m.series().get(Metric.SERVER_REQUESTS_WAITING)).containsExactly(0.0, 2.0, 0.0);
    assertThat(m.figures()).containsEntry(Metric.SERVER_PREEMPTIONS, 2.0).containsEntry(Metric.SERVER_PREFIX_CACHE_HIT_RATE, 50.0);
    // ten drafts of three tokens, two of each accepted
    assertThat(m.figures().get(Metric.SERVER_DRAFT_ACCEPTANCE_RATE)).isCloseTo(200.0 / 3, within(1e-9));
    assertThat(m.figures()).containsEntry(Metric.SERVER_MEAN_ACCEPTANCE_LENGTH, 3.0);
    assertThat(m.histograms().get(Metric.SERVER_QUEUE)).containsEntry("count", 10.0);
    assertThat(m.histograms().get(Metric.SERVER_QUEUE).get("mean")).isCloseTo(160, within(1e-9));
    assertThat(m.notMeasured()).containsOnlyKeys(Metric.SERVER_PREFILL);
    assertThat(m.notMeasured().get(Metric.SERVER_PREFILL)).contains("have no vllm:request_prefill_time_seconds");

    String series = "{engine=\"0\",model_name=\"Qwen/Qwen3-0.6B\"}";
    Map<String, Map<String, Double>> queue = m.families().get("vllm:request_queue_time_seconds (histogram)");
    Map<String, Double> q = queue.get("vllm:request_queue_time_seconds" + series);
    // ten new observations, all between 0.1 and 0.5 s: the median halfway through that bucket
    assertThat(q).containsEntry("count", 10.0).containsEntry("sum", 1.6);
    assertThat(q.get("mean")).isCloseTo(0.16, within(1e-9));
    assertThat(q.get("p50")).isCloseTo(0.1 + 0.4 * 5 / 8, within(1e-9));
    assertThat(m.families().get("vllm:num_preemptions (counter)").get("vllm:num_preemptions_total" + series))
        .containsEntry("increase", 2.0).containsEntry("rate_per_s", 4.0);
    assertThat(m.families().get("vllm:kv_cache_usage_perc (gauge)").get("vllm:kv_cache_usage_perc" + series))
        .containsEntry("max", 0.25).containsEntry("last", 0.125);
    assertThat(m.families().keySet()).noneMatch(f -> f.contains("_created"));
  }

  @Test
  void llamaCppsNamesGiveWhatTheyCanAndTheRestIsNotMeasuredWithTheReason() {
    String page = String.join("\n",
        "# HELP llamacpp:prompt_tokens_total Number of prompt tokens processed.",
        "# TYPE llamacpp:prompt_tokens_total counter",
        "llamacpp:prompt_tokens_total 240",
        "# HELP llamacpp:kv_cache_usage_ratio KV-cache usage. 1 means 100 percent usage.",
        "# TYPE llamacpp:kv_cache_usage_ratio gauge",
        "llamacpp:kv_cache_usage_ratio 0.5",
        "# TYPE llamacpp:requests_processing gauge",
        "llamacpp:requests_processing 1",
        "# TYPE llamacpp:requests_deferred gauge",
        "llamacpp:requests_deferred 0",
        "a line that is not a sample");
    ServerMetrics m = ServerMetrics.of("http://host:8080/metrics", 250, List.of(look(0, page), look(300, page)));
    assertThat(Exposition.parse(page).skipped()).isEqualTo(1);
    assertThat(m.series().get(Metric.SERVER_KV_CACHE_USAGE)).containsExactly(50.0, 50.0);
    assertThat(m.series().get(Metric.SERVER_REQUESTS_RUNNING)).containsExactly(1.0, 1.0);
    assertThat(m.notMeasured().get(Metric.SERVER_PREEMPTIONS)).isEqualTo(
        "the server's metrics at http://host:8080/metrics have no vllm:num_preemptions_total");
    assertThat(m.families().get("llamacpp:prompt_tokens_total (counter)").get("llamacpp:prompt_tokens_total"))
        .containsEntry("increase", 0.0);
  }

  @Test
  void labelValuesMayHoldCommasBracesAndEscapedQuotes() {
    Exposition.Sample s = Exposition.sample("x_total{a=\"1,2}\",b=\"say \\\"hi\\\"\"} 3.5e2 1700000000000");
    assertThat(s.labels()).containsEntry("a", "1,2}").containsEntry("b", "say \"hi\"");
    assertThat(s.value()).isEqualTo(350.0);
    assertThat(Exposition.sample("y +Inf").value()).isInfinite();
    assertThat(Exposition.sample("z{a=\"unclosed} 1")).isNull();
  }
}
