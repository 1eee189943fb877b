package dev.llmh.servermetrics;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A histogram family's increase over a case: per series (its labels but {@code le}), how many
 * observations and their sum, and the percentiles its buckets' increases give — linearly within the
 * bucket the rank falls in, as Prometheus' {@code histogram_quantile} does; a rank in the last,
 * unbounded bucket gives that bucket's lower bound.
 */
final class Histograms {
  private static final double[] QUANTILES = {0.50, 0.90, 0.99};

  private Histograms() {}

  /** @param before each series' value at the first look */
  static Map<String, Map<String, Double>> of(List<Exposition.Sample> samples, Map<String, Double> before) {
    Map<String, Map<Double, Double>> buckets = new TreeMap<>();
    Map<String, Map<String, Double>> figures = new TreeMap<>();
    for (Exposition.Sample sample : samples) {
      Double was = before.get(sample.series());
      double increase = was == null || sample.value() < was ? sample.value() : sample.value() - was;
      Map<String, String> others = new TreeMap<>(sample.labels());
      String le = others.remove("le");
      String name = sample.name();
      String base = name.substring(0, name.lastIndexOf('_'));
      String series = new Exposition.Sample(base, others, 0).series();
      Map<String, Double> own = figures.computeIfAbsent(series, k -> new LinkedHashMap<>());
      if (name.endsWith("_bucket") && le != null) {
        buckets.computeIfAbsent(series, k -> new TreeMap<>()).put(parse(le), increase);
      } else if (name.endsWith("_count")) {
        own.put("count", increase);
      } else if (name.endsWith("_sum")) {
        own.put("sum", increase);
      }
    }
    figures.forEach((series, own) -> {
      if (own.containsKey("count") && own.containsKey("sum") && own.get("count") > 0) {
        own.put("mean", own.get("sum") / own.get("count"));
      }
      Map<Double, Double> cumulative = buckets.get(series);
      if (cumulative != null && own.getOrDefault("count", 0.0) > 0) {
        for (double q : QUANTILES) {
          own.put("p" + Math.round(q * 100), quantile(q, cumulative));
        }
      }
    });
    return figures;
  }

  /** The q-quantile of cumulative bucket counts by upper bound (the last {@code +Inf}). */
  static double quantile(double q, Map<Double, Double> cumulative) {
    List<Map.Entry<Double, Double>> bounds = new ArrayList<>(cumulative.entrySet());
    double total = bounds.get(bounds.size() - 1).getValue();
    double rank = q * total;
    double lower = 0;
    double below = 0;
    for (Map.Entry<Double, Double> bucket : bounds) {
      if (bucket.getValue() >= rank) {
        if (bucket.getKey().isInfinite()) {
          return lower;
        }
        double inBucket = bucket.getValue() - below;
        return inBucket <= 0 ? bucket.getKey() : lower + (bucket.getKey() - lower) * (rank - below) / inBucket;
      }
      lower = bucket.getKey();
      below = bucket.getValue();
    }
    return lower;
  }

  private static double parse(String le) {
    return le.equals("+Inf") ? Double.POSITIVE_INFINITY : Double.parseDouble(le);
  }
}
