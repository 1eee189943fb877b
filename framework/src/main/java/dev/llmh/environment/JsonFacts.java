package dev.llmh.environment;

import com.fasterxml.jackson.databind.JsonNode;

/** Values read from a server's answer: null for a field that is missing or of another type, never a default. */
final class JsonFacts {
  private JsonFacts() {}

  static String text(JsonNode node) {
    return node != null && node.isTextual() && !node.asText().isBlank() ? node.asText() : null;
  }

  static Long number(JsonNode node) {
    return node != null && node.isIntegralNumber() && node.asLong() > 0 ? node.asLong() : null;
  }

  /** E.g. 7615616512 → "7.6B", as Ollama writes a parameter size. */
  static String parameterSize(Long parameters) {
    if (parameters == null) {
      return null;
    }
    double p = parameters;
    return p >= 1e9 ? String.format(java.util.Locale.ROOT, "%.1fB", p / 1e9)
        : p >= 1e6 ? String.format(java.util.Locale.ROOT, "%.1fM", p / 1e6)
        : String.format(java.util.Locale.ROOT, "%.1fK", p / 1e3);
  }
}
