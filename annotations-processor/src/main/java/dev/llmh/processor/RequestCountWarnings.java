package dev.llmh.processor;

import static dev.llmh.processor.Annotations.find;

import dev.llmh.annotations.Concurrency;
import dev.llmh.annotations.LlmBenchmark;
import dev.llmh.annotations.Measurement;
import dev.llmh.config.Defaults;
import dev.llmh.constraint.ConstraintException;
import dev.llmh.constraint.ConstraintExpression;
import dev.llmh.constraint.ConstraintParser;
import dev.llmh.constraint.Metric;
import dev.llmh.constraint.SampleSizes;
import dev.llmh.constraint.Stat;
import dev.llmh.processor.generator.Declarations;
import dev.llmh.processor.generator.PromptModel;
import dev.llmh.runner.DeclaredSettings;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;

/**
 * Warnings, not errors, about request counts too small for what the scenario asks of them: the
 * scenario runs, but its figures or verdicts would teach little. They are judged on the merged
 * settings, since that is what runs, and placed where the count is written. A count that is an
 * error ({@code requests = 0}) gets no warning: the error is the one message about it.
 */
final class RequestCountWarnings {
  private final Reporter reporter;

  RequestCountWarnings(Reporter reporter) {
    this.reporter = reporter;
  }

  /** {@code sources} and {@code models} are the same prompts, in the same order. */
  void report(TypeElement type, List<PromptSource> sources, List<PromptModel> models) {
    fewRequests(type, sources, models);
    undecidableBudgets(type, sources, models);
  }

  /**
   * With fewer than two measured requests per worker, most of a closed loop's requests start
   * together, so the percentiles mostly describe a cold burst. Reported once per place to fix it:
   * the prompt member when it sets its own counts, else the class.
   */
  private void fewRequests(TypeElement type, List<PromptSource> sources, List<PromptModel> models) {
    Map<Element, List<String>> byPlace = new LinkedHashMap<>();
    Map<Element, String> detail = new HashMap<>();
    for (int i = 0; i < models.size(); i++) {
      DeclaredSettings s = models.get(i).settings();
      int measured = s.measurement().measuredRequests() != null ? s.measurement().measuredRequests() : Defaults.MEASURED_REQUESTS;
      if (measured < 1) {
        continue; // an error already (SettingsReader); "measure at least 2" beside "at least 1" would disagree with it
      }
      // a saturation search's later steps are closed loops at their concurrency too
      List<Integer> levels = s.measurement().saturationSearch() != null ? s.measurement().saturationSearch().concurrencySteps()
          : s.measurement().concurrency() != null ? s.measurement().concurrency() : Defaults.CONCURRENCY;
      int maxConcurrency = levels.isEmpty() ? 1 : Collections.max(levels);
      if (measured >= 2 * maxConcurrency) {
        continue;
      }
      Declarations own = sources.get(i).declarations();
      Element place = own.requests().measuredRequests() != null || own.load().concurrency() != null || own.load().saturationSearch() != null
          ? sources.get(i).element() : type;
      byPlace.computeIfAbsent(place, p -> new ArrayList<>()).add(models.get(i).name());
      detail.put(place, measured + " measured requests at concurrency " + maxConcurrency
          + "; measure at least " + 2 * maxConcurrency + " (2 × concurrency) with @Measurement(requests = "
          + 2 * maxConcurrency + ")");
    }
    for (Map.Entry<Element, List<String>> entry : byPlace.entrySet()) {
      Element place = entry.getKey();
      AnnotationMirror mirror = find(place, Measurement.class)
          .or(() -> find(place, Concurrency.class))
          .or(() -> find(place, dev.llmh.annotations.SaturationSearch.class))
          .orElseGet(() -> find(type, LlmBenchmark.class).orElseThrow());
      String prompts = entry.getValue().stream().map(n -> "'" + n + "'").collect(Collectors.joining(", "));
      reporter.warning(place, mirror,
          "prompt " + prompts + ": " + detail.get(place) + ", else most requests start in one cold burst and "
              + "the percentiles describe start-up");
    }
  }

  /**
   * A percentile budget judged on a sample too small to bound it is INCONCLUSIVE on every run: an
   * upper budget on p95 needs 59 requests before it can PASS at 95% (0.95^59 <= 0.05), p99 299.
   * Said at compile time, where the request count is written, not after a run that teaches nothing.
   * Only for a fixed count or an explicit ceiling: without {@code maxRequests} the measurement is
   * adaptive, up to what the budgets need. Under a ceiling the looks share the error as the engine
   * shares it ({@link SampleSizes#looks}), so 10 requests up to 80 cannot PASS a p95: 86 are needed.
   */
  private void undecidableBudgets(TypeElement type, List<PromptSource> sources, List<PromptModel> models) {
    for (int i = 0; i < models.size(); i++) {
      DeclaredSettings s = models.get(i).settings();
      if (s.measurement().maxRequests() == null) {
        continue;
      }
      int first = s.measurement().measuredRequests() != null ? s.measurement().measuredRequests() : Defaults.MEASURED_REQUESTS;
      int measured = Math.max(first, s.measurement().maxRequests());
      int looks = SampleSizes.looks(first, measured);
      if (measured < 1) {
        continue; // an error already, which says what to write
      }
      for (String text : s.constraints()) {
        ConstraintExpression c;
        try {
          c = ConstraintParser.parse(text);
        } catch (ConstraintException e) {
          continue; // reported as an error elsewhere
        }
        // a comparison's positions come from its own requests, not the measured ones
        if (c.stat() == null || c.metric() == Metric.ITL || c.metric().compared()
            || !EnumSet.of(Stat.P50, Stat.P90, Stat.P95, Stat.P99).contains(c.stat())) {
          continue;
        }
        boolean upper = c.upperBudget();
        int needed = SampleSizes.toPassWithin(c, first, measured, Defaults.CONFIDENCE);
        if (measured >= needed) {
          continue;
        }
        Element place = sources.get(i).element();
        AnnotationMirror mirror = find(place, Measurement.class)
            .or(() -> find(type, Measurement.class))
            .orElseGet(() -> find(type, LlmBenchmark.class).orElseThrow());
        reporter.warning(place, mirror,
            "prompt '" + models.get(i).name() + "': \"" + text + "\" cannot PASS on " + measured + " requests: "
                + needed + " are needed to show " + c.subject() + (upper ? " below" : " above") + " a budget at "
                + Math.round(Defaults.CONFIDENCE * 100) + "%" + (looks == 1 ? "" : " (" + perLook(looks) + " per look over "
                + looks + " looks)") + "; raise @Measurement(requests), leave the count adaptive,"
                + " or budget a lower percentile (p50 needs 5)");
      }
    }
  }

  /** The last look's level, as the engine's note prints it: 98.75% for four looks at 95%. */
  private static String perLook(int looks) {
    return java.math.BigDecimal.valueOf(100 - 100 * (1 - Defaults.CONFIDENCE) / looks)
        .round(new java.math.MathContext(4)).stripTrailingZeros().toPlainString() + "%";
  }
}
