package dev.llmh.benchmarks;

import java.util.LinkedHashMap;
import java.util.Map;

/** {@code key=value} command-line options, as {@link CapacityBenchmark} takes them. */
record Options(Map<String, String> values) {

  static Options parse(String[] args) {
    Map<String, String> values = new LinkedHashMap<>();
    for (String arg : args) {
      String[] kv = arg.split("=", 2);
      if (kv.length != 2) {
        throw new IllegalArgumentException("expected key=value, got '" + arg + "'");
      }
      values.put(kv[0], kv[1]);
    }
    return new Options(values);
  }

  String get(String key, String fallback) {
    return values.getOrDefault(key, fallback);
  }

  int getInt(String key, int fallback) {
    return values.containsKey(key) ? Integer.parseInt(values.get(key)) : fallback;
  }

  long getLong(String key, long fallback) {
    return values.containsKey(key) ? Long.parseLong(values.get(key)) : fallback;
  }

  double getDouble(String key, double fallback) {
    return values.containsKey(key) ? Double.parseDouble(values.get(key)) : fallback;
  }

  boolean getBoolean(String key, boolean fallback) {
    return values.containsKey(key) ? Boolean.parseBoolean(values.get(key)) : fallback;
  }
}
