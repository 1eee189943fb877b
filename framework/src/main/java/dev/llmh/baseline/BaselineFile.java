package dev.llmh.baseline;

import java.util.List;
import java.util.Map;

/**
 * The baseline file: per case its identity and one value per request for each compared metric —
 * what a rank test needs, without the rest of the results file.
 */
record BaselineFile(String format, String createdAt, Map<String, Object> environment, List<Case> cases) {
  static final String FORMAT = "llmh-baseline/1";

  /** @param samples per results metric key ({@code ttft_ms}...), one value per succeeded request */
  record Case(CaseKey key, Map<String, double[]> samples) {}
}
