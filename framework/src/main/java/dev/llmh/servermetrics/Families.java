package dev.llmh.servermetrics;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Every family the server exposed, over a case's looks, each series under its own name: a gauge's
 * {@code min}, {@code mean}, {@code max} and {@code last} over the looks; a counter's {@code increase}
 * from the first look to the last and its {@code rate_per_s}; a histogram's increase ({@code count},
 * {@code sum}, their {@code mean}) and the percentiles its buckets' increases give ({@code p50},
 * {@code p90}, {@code p99}, linearly within a bucket, as Prometheus' {@code histogram_quantile}).
 */
final class Families {
  private Families() {}

  /** By family, then by series (the sample's name and labels), the figures above. */
  static Map<String, Map<String, Map<String, Double>>> of(List<Scrapes.Look> looks) {
    Map<String, Map<String, Map<String, Double>>> families = new TreeMap<>();
    Scrapes.Look first = looks.get(0);
    Scrapes.Look last = looks.get(looks.size() - 1);
    double seconds = (last.nanos() - first.nanos()) / 1e9;
    Map<String, String> types = last.page().types();
    Map<String, Double> before = values(first);
    List<Map<String, Double>> each = looks.stream().map(Families::values).toList();
    Map<String, List<Exposition.Sample>> histograms = new LinkedHashMap<>();
    for (Exposition.Sample sample : last.page().samples()) {
      String family = family(sample.name(), types);
      String type = types.getOrDefault(family, "untyped");
      if (sample.name().endsWith("_created")) {
        continue; // when the series began: no figure of the serving
      }
      Map<String, Map<String, Double>> series = families.computeIfAbsent(family + " (" + type + ")", f -> new TreeMap<>());
      if (type.equals("histogram")) {
        histograms.computeIfAbsent(family, f -> new ArrayList<>()).add(sample);
      } else if (type.equals("counter")) {
        Double was = before.get(sample.series());
        double increase = was == null || sample.value() < was ? sample.value() : sample.value() - was;
        Map<String, Double> figures = new LinkedHashMap<>();
        figures.put("increase", increase);
        if (seconds > 0) {
          figures.put("rate_per_s", increase / seconds);
        }
        series.put(sample.series(), figures);
      } else {
        series.put(sample.series(), gauge(each, sample.series()));
      }
    }
    histograms.forEach((family, samples) -> families.get(family + " (histogram)").putAll(Histograms.of(samples, before)));
    return families;
  }

  /** The family a sample belongs to: its name less the suffix its type adds. */
  static String family(String name, Map<String, String> types) {
    if (types.containsKey(name)) {
      return name; // llama.cpp declares a counter by its sample's own name, _total and all
    }
    for (String suffix : List.of("_total", "_created", "_bucket", "_count", "_sum")) {
      if (name.endsWith(suffix) && types.containsKey(name.substring(0, name.length() - suffix.length()))) {
        return name.substring(0, name.length() - suffix.length());
      }
    }
    return name;
  }

  /** Each series' value in one look. */
  static Map<String, Double> values(Scrapes.Look look) {
    Map<String, Double> values = new LinkedHashMap<>();
    look.page().samples().forEach(s -> values.put(s.series(), s.value()));
    return values;
  }

  private static Map<String, Double> gauge(List<Map<String, Double>> looks, String series) {
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    double sum = 0;
    int n = 0;
    double last = Double.NaN;
    for (Map<String, Double> look : looks) {
      Double v = look.get(series);
      if (v != null && !v.isNaN()) {
        min = Math.min(min, v);
        max = Math.max(max, v);
        sum += v;
        n++;
        last = v;
      }
    }
    Map<String, Double> figures = new LinkedHashMap<>();
    if (n > 0) {
      figures.put("min", min);
      figures.put("mean", sum / n);
      figures.put("max", max);
      figures.put("last", last);
    }
    return figures;
  }
}
