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
  private static final double[] QUANTILES = {0.50, 0.90, 0.95, 0.99};

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

  /**
   * The histogram {@code family} over every series together (several engines, several models), from
   * the first look to the last: {@code count}, {@code sum}, and with a count {@code mean} and the
   * percentiles; empty when the last look has no bucket of it.
   */
  static Map<String, Double> merged(String family, Scrapes.Look first, Scrapes.Look last) {
    Map<String, Double> before = Families.values(first);
    Map<Double, Double> buckets = new TreeMap<>();
    double count = 0;
    double sum = 0;
    for (Exposition.Sample sample : last.page().samples()) {
      Double was = before.get(sample.series());
      double increase = was == null || sample.value() < was ? sample.value() : sample.value() - was;
      if (sample.name().equals(family + "_bucket") && sample.labels().containsKey("le")) {
        buckets.merge(parse(sample.labels().get("le")), increase, Double::sum);
      } else if (sample.name().equals(family + "_count")) {
        count += increase;
      } else if (sample.name().equals(family + "_sum")) {
        sum += increase;
      }
    }
    if (buckets.isEmpty()) {
      return Map.of();
    }
    Map<String, Double> figures = new LinkedHashMap<>();
    figures.put("count", count);
    figures.put("sum", sum);
    if (count > 0) {
      figures.put("mean", sum / count);
      for (double q : QUANTILES) {
        figures.put("p" + Math.round(q * 100), quantile(q, buckets));
      }
    }
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
