package dev.llmh.result;

import dev.llmh.analysis.Figure;
import dev.llmh.analysis.Figure.Value;
import dev.llmh.constraint.Metric;
import dev.llmh.constraint.Unit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A case's request counts, what kept requests out of the figures, and its throughput, as one line of
 * its view: the words the console prints after {@code requests}, and each count and rate a value
 * (keyed by its path in the results file, {@code requests.failed}, {@code throughput.output_tokens_per_s}).
 */
public final class RequestRow {
  /** The line's label. */
  public static final String LABEL = "requests";

  private RequestRow() {}

  /** The line of {@code result}; a line without values when the record has no counts. */
  public static Figure of(CaseResult result) {
    CaseResult.Requests requests = result.requests();
    if (requests == null) {
      return new Figure(LABEL, "not recorded", List.of());
    }
    List<Value> values = new ArrayList<>(List.of(
        count("requests.measured", "measured", requests.measured()),
        count("requests.succeeded", "succeeded", requests.succeeded()),
        count("requests.failed", "failed", requests.failed()),
        count("requests.warmup", "warm-up", requests.warmup()),
        count("requests.noAnswer", "no answer (reasoning only)", requests.noAnswer()),
        count("requests.modelLoadExcluded", "with model load excluded", requests.modelLoadExcluded())));
    if (requests.effectiveConcurrency() != null) {
      values.add(count("requests.effectiveConcurrency", "effective concurrency", requests.effectiveConcurrency()));
    }
    CaseResult.Throughput throughput = result.throughput();
    if (throughput != null && throughput.outputTokensPerSecond() != null) {
      values.add(Value.measured("throughput.output_tokens_per_s", Metric.THROUGHPUT, "throughput",
          throughput.outputTokensPerSecond(), Unit.TOKENS_PER_SECOND, null).judgedBy(Budgets.on(result, Metric.THROUGHPUT, null)));
      values.add(Value.measured("throughput.requests_per_s", Metric.REQUEST_RATE, "request rate",
          throughput.requestsPerSecond(), Unit.REQUESTS_PER_SECOND, null).judgedBy(Budgets.on(result, Metric.REQUEST_RATE, null)));
    }
    return new Figure(LABEL, text(result, requests, throughput), values);
  }

  private static Value count(String key, String label, int count) {
    return Value.measured(key, null, label, (double) count, Unit.COUNT, null);
  }

  /** {@code 10 measured (10 ok, 0 failed) after 2 warm-up; throughput 6.8 tok/s, 0.21 req/s}. */
  private static String text(CaseResult result, CaseResult.Requests requests, CaseResult.Throughput throughput) {
    StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "%d measured (%d ok, %d failed) after %d warm-up",
        requests.measured(), requests.succeeded(), requests.failed(), requests.warmup()));
    if (result.section(Section.CONVERSATION) != null) {
      out.append(requests.warmup() == 1 ? " conversation" : " conversations"); // a conversation's warm-up is whole conversations
    }
    if (requests.noAnswer() > 0) {
      out.append(String.format(Locale.ROOT, "; %d NO ANSWER (reasoning only)", requests.noAnswer()));
    }
    if (requests.modelLoadExcluded() > 0) {
      out.append(String.format(Locale.ROOT, "; %d with model load excluded", requests.modelLoadExcluded()));
    }
    Integer declared = result.params() != null && result.params().get("concurrency") instanceof Number n ? n.intValue() : null;
    if (requests.effectiveConcurrency() != null && declared != null && requests.effectiveConcurrency() < declared) {
      // The case is named for its declared concurrency; say when the load never reached it.
      out.append(String.format(Locale.ROOT, "; effective concurrency %d, not %d: fewer requests than workers",
          requests.effectiveConcurrency(), declared));
    }
    if (throughput != null && throughput.outputTokensPerSecond() != null) {
      out.append(String.format(Locale.ROOT, "; throughput %.1f tok/s, %.2f req/s",
          throughput.outputTokensPerSecond(), throughput.requestsPerSecond()));
    }
    return out.toString();
  }
}
