package dev.llmh.processor;

import static dev.llmh.processor.Annotations.asInt;
import static dev.llmh.processor.Annotations.asString;
import static dev.llmh.processor.Annotations.explicitValue;
import static dev.llmh.processor.Annotations.find;

import dev.llmh.annotations.Concurrency;
import dev.llmh.annotations.SaturationSearch;
import dev.llmh.annotations.Slo;
import dev.llmh.constraint.ConstraintException;
import dev.llmh.constraint.ConstraintParser;
import dev.llmh.constraint.Dimension;
import dev.llmh.constraint.Metric;
import dev.llmh.processor.generator.Declarations;
import dev.llmh.runner.SaturationDeclaration;
import dev.llmh.runner.SloDeclaration;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;

/**
 * Reads {@code @Slo} (what a good request is) and {@code @SaturationSearch} (the concurrency steps
 * searched), and checks what they need of the rest of the scenario once its settings are merged:
 * a budget on {@code goodput} or {@code slo_attainment} needs an {@code @Slo}, and a search replaces
 * {@code @Concurrency} rather than joining it.
 */
final class SloSearchReader {
  private static final List<String> TARGETS = List.of("ttft", "tpot", "e2e");

  private final Annotations annotations;
  private final Reporter reporter;

  SloSearchReader(Annotations annotations, Reporter reporter) {
    this.annotations = annotations;
    this.reporter = reporter;
  }

  /** The element's {@code @Slo}, each target checked as a positive duration; null when absent. */
  SloDeclaration slo(Element element) {
    Optional<AnnotationMirror> found = find(element, Slo.class);
    if (found.isEmpty()) {
      return null;
    }
    AnnotationMirror mirror = found.get();
    String[] targets = new String[TARGETS.size()];
    for (int i = 0; i < TARGETS.size(); i++) {
      String name = TARGETS.get(i);
      Optional<AnnotationValue> value = explicitValue(mirror, name);
      Optional<String> text = value.flatMap(Annotations::asString).filter(s -> !s.isBlank());
      if (text.isEmpty()) {
        continue;
      }
      try {
        ConstraintParser.duration(text.get(), "@Slo(" + name + " = \"" + text.get() + "\")");
        targets[i] = text.get().strip();
      } catch (ConstraintException e) {
        reporter.error(element, mirror, value.get(), e.getMessage());
      }
    }
    boolean anyWritten = TARGETS.stream().anyMatch(name ->
        explicitValue(mirror, name).flatMap(Annotations::asString).filter(s -> !s.isBlank()).isPresent());
    if (!anyWritten) {
      reporter.error(element, mirror,
          "@Slo sets no target, so no request could be told good; give at least one, e.g. @Slo(ttft = \"2s\")"
              + " (targets: ttft, tpot, e2e)");
    }
    return new SloDeclaration(targets[0], targets[1], targets[2]);
  }

  /** The element's {@code @SaturationSearch}, checked; null when absent. */
  SaturationDeclaration saturationSearch(Element element) {
    Optional<AnnotationMirror> found = find(element, SaturationSearch.class);
    if (found.isEmpty()) {
      return null;
    }
    AnnotationMirror mirror = found.get();
    AnnotationValue fromValue = annotations.value(mirror, "from");
    AnnotationValue toValue = annotations.value(mirror, "to");
    AnnotationValue gainValue = annotations.value(mirror, "minGain");
    Optional<Integer> from = asInt(fromValue);
    Optional<Integer> to = asInt(toValue);
    if (from.isEmpty() || to.isEmpty() || !(gainValue.getValue() instanceof Double minGain)) {
      return null; // javac has reported the type error
    }
    if (from.get() < 1) {
      reporter.error(element, mirror, fromValue,
          "@SaturationSearch(from = " + from.get() + ") must be at least 1 (the first step's concurrency)");
    } else if (to.get() < from.get()) {
      reporter.error(element, mirror, toValue,
          "@SaturationSearch(to = " + to.get() + ") is below from = " + from.get()
              + "; raise to to at least " + from.get() + " (the search doubles the concurrency from from up to to)");
    }
    if (!(minGain > 0) || Double.isInfinite(minGain)) {
      reporter.error(element, mirror, gainValue,
          "@SaturationSearch(minGain = " + minGain + ") must be a positive fraction, e.g. 0.05 for 5% more tok/s");
    }
    find(element, Concurrency.class).ifPresent(concurrency -> reporter.error(element, mirror,
        bothChosen("@SaturationSearch", "@Concurrency", "on the same element")));
    String kvCache = limit(element, mirror, "kvCacheLimit", Dimension.RATIO, "90%");
    String memory = limit(element, mirror, "memoryLimit", Dimension.BYTES, "20GiB");
    return new SaturationDeclaration(from.get(), to.get(), minGain, kvCache, flag(mirror, "stopOnPreemption"),
        flag(mirror, "stopOnWaitingGrowth"), memory);
  }

  /** A limit of the search, checked as a positive quantity of {@code dimension} (a share at most 100%); "" for none. */
  private String limit(Element element, AnnotationMirror mirror, String name, Dimension dimension, String example) {
    AnnotationValue value = annotations.value(mirror, name);
    String text = asString(value).orElse("").strip();
    if (text.isEmpty()) {
      return "";
    }
    String what = "@SaturationSearch(" + name + " = \"" + text + "\")";
    try {
      double canonical = ConstraintParser.quantity(text, dimension, what, example).canonical();
      if (!(canonical > 0) || Double.isInfinite(canonical) || dimension == Dimension.RATIO && canonical > 100) {
        reporter.error(element, mirror, value, what + " must be " + (dimension == Dimension.RATIO ? "a share above 0% and at most 100%"
            : "a positive size") + ", e.g. \"" + example + "\", or \"\" for no limit");
      }
    } catch (ConstraintException e) {
      reporter.error(element, mirror, value, e.getMessage() + ", or \"\" for no limit");
    }
    return text;
  }

  private boolean flag(AnnotationMirror mirror, String name) {
    return !Boolean.FALSE.equals(annotations.value(mirror, name).getValue());
  }

  /**
   * Checks a prompt's settings as merged with the class's: a search and a concurrency list from two
   * places, and a budget on a goodput metric with no {@code @Slo} to say what a good request is.
   */
  void checkMerged(
      Element classElement, Element prompt, Declarations own, Declarations merged, java.util.Set<Element> sloReported) {
    boolean searchHere = own.load().saturationSearch() != null;
    boolean concurrencyHere = own.load().concurrency() != null;
    if (merged.load().saturationSearch() != null && merged.load().concurrency() != null && searchHere != concurrencyHere) {
      Class<?> annotation = searchHere ? SaturationSearch.class : Concurrency.class;
      reporter.error(prompt, find(prompt, annotation).orElseThrow(), bothChosen(
          searchHere ? "@SaturationSearch" : "@Concurrency", searchHere ? "the class's @Concurrency" : "the class's @SaturationSearch",
          "for prompt '" + prompt.getSimpleName() + "'"));
    }
    if (merged.budgets().slo() == null) {
      sloNeeded(own.budgets().constraints() != null ? prompt : classElement, merged.budgets().constraints(), sloReported);
    }
  }

  /** Checks the class's own budgets, which a synthetic prompt or a prompt file takes as they are. */
  void checkClass(Element classElement, Declarations classDeclarations, java.util.Set<Element> sloReported) {
    if (classDeclarations.budgets().slo() == null) {
      sloNeeded(classElement, classDeclarations.budgets().constraints(), sloReported);
    }
  }

  private void sloNeeded(Element element, List<String> constraints, java.util.Set<Element> reported) {
    if (constraints == null || !reported.add(element)) {
      return;
    }
    for (String text : constraints) {
      budgeted(text).filter(Metric::needsSlo).ifPresent(metric -> reporter.error(element,
          "\"" + text + "\": '" + metric.key() + "' counts the requests that meet an @Slo, and none applies here;"
              + " declare what a good request is, e.g. @Slo(ttft = \"2s\", tpot = \"100ms\"), on the class or the prompt"));
    }
  }

  /** The metric a constraint's text budgets, read as far as its first word; empty when it names none. */
  static Optional<Metric> budgeted(String constraint) {
    return Metric.byKey(constraint.strip().split("[\\s.<>=!]", 2)[0]);
  }

  private static String bothChosen(String one, String other, String where) {
    return one + " and " + other + " both set the concurrency " + where + "; choose one: @Concurrency({...}) for fixed"
        + " levels, or @SaturationSearch(from, to) to double the concurrency until the throughput stops climbing";
  }
}
