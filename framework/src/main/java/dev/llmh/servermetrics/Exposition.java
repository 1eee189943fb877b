package dev.llmh.servermetrics;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The Prometheus text exposition format (version 0.0.4, which vLLM, SGLang, llama.cpp's server and
 * TGI write): {@code # TYPE} lines give each family's type, every other non-comment line is a sample,
 * {@code name{label="value",...} number [timestamp]}. No maintained parser of it is on Maven Central
 * (the Prometheus Java client writes the format but does not read it), so this is one, kept small:
 * what it cannot read is skipped and counted, never guessed.
 */
final class Exposition {
  private Exposition() {}

  /**
   * One sample: its metric name ({@code vllm:prefix_cache_hits_total}, {@code ..._bucket}), its labels
   * in name order, its value ({@code NaN}, {@code +Inf} as Java reads them).
   */
  record Sample(String name, Map<String, String> labels, double value) {
    /** The name and labels, as the exposition writes them: the key of a series. */
    String series() {
      if (labels.isEmpty()) {
        return name;
      }
      StringBuilder s = new StringBuilder(name).append('{');
      labels.forEach((k, v) -> s.append(k).append("=\"").append(v).append("\","));
      s.setLength(s.length() - 1);
      return s.append('}').toString();
    }
  }

  /**
   * @param types each family's declared type ({@code counter}, {@code gauge}, {@code histogram},
   *     {@code summary}, {@code untyped}) by family name
   * @param skipped lines that were neither a comment nor a readable sample
   */
  record Page(List<Sample> samples, Map<String, String> types, int skipped) {}

  static Page parse(String text) {
    List<Sample> samples = new ArrayList<>();
    Map<String, String> types = new LinkedHashMap<>();
    int skipped = 0;
    for (String raw : text.split("\n")) {
      String line = raw.strip();
      if (line.isEmpty()) {
        continue;
      }
      if (line.startsWith("#")) {
        String[] words = line.split("\\s+", 4);
        if (words.length >= 4 && words[1].equals("TYPE")) {
          types.put(words[2], words[3].strip());
        }
        continue;
      }
      Sample sample = sample(line);
      if (sample == null) {
        skipped++;
      } else {
        samples.add(sample);
      }
    }
    return new Page(samples, types, skipped);
  }

  /** One sample line, or null when it cannot be read. */
  static Sample sample(String line) {
    int brace = line.indexOf('{');
    int space = line.indexOf(' ');
    Map<String, String> labels = new TreeMap<>();
    String name;
    int rest;
    if (brace >= 0 && (space < 0 || brace < space)) {
      name = line.substring(0, brace);
      rest = labels(line, brace + 1, labels);
      if (rest < 0) {
        return null;
      }
    } else if (space > 0) {
      name = line.substring(0, space);
      rest = space;
    } else {
      return null;
    }
    String[] value = line.substring(rest).strip().split("\\s+");
    if (name.isEmpty() || value.length == 0 || value[0].isEmpty()) {
      return null;
    }
    try {
      return new Sample(name, labels, number(value[0]));
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** Reads {@code a="x",b="y"}} from {@code at}; returns the index after the closing brace, or -1. */
  private static int labels(String line, int at, Map<String, String> labels) {
    int i = at;
    while (i < line.length()) {
      char c = line.charAt(i);
      if (c == '}') {
        return i + 1;
      }
      if (c == ',' || c == ' ') {
        i++;
        continue;
      }
      int eq = line.indexOf('=', i);
      if (eq < 0 || eq + 1 >= line.length() || line.charAt(eq + 1) != '"') {
        return -1;
      }
      StringBuilder value = new StringBuilder();
      int j = eq + 2;
      for (; j < line.length() && line.charAt(j) != '"'; j++) {
        char v = line.charAt(j);
        if (v == '\\' && j + 1 < line.length()) {
          char next = line.charAt(++j);
          value.append(next == 'n' ? '\n' : next);
        } else {
          value.append(v);
        }
      }
      if (j >= line.length()) {
        return -1;
      }
      labels.put(line.substring(i, eq).strip(), value.toString());
      i = j + 1;
    }
    return -1;
  }

  private static double number(String text) {
    return switch (text) {
      case "+Inf", "Inf" -> Double.POSITIVE_INFINITY;
      case "-Inf" -> Double.NEGATIVE_INFINITY;
      case "NaN" -> Double.NaN;
      default -> Double.parseDouble(text);
    };
  }
}
