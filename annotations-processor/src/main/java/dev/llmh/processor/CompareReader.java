package dev.llmh.processor;

import static dev.llmh.processor.Annotations.find;

import dev.llmh.annotations.Compare;
import dev.llmh.runner.CompareDeclaration;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;

/**
 * Reads {@code @Compare} on the class (or the nearest base class declaring it).
 *
 * <p>A {@code kl_divergence} or {@code top1_agreement} budget on a scenario without {@code @Compare}
 * is not refused here, unlike {@code judge_score} without {@code @Judge}: a judge needs the rubric
 * that only {@code @Judge} gives, while every setting of a comparison, the reference too, can come
 * from configuration ({@code llmh.compare.reference}); without one the budget is INCONCLUSIVE with
 * the reason.
 */
record CompareReader(Annotations annotations, Reporter reporter) {

  /** The scenario's comparison; empty when it declares none or the one it declares is in error. */
  Optional<CompareDeclaration> read(TypeElement type) {
    return CheckReader.nearest(type, Compare.class)
        .flatMap(declaring -> declaration(declaring, find(declaring, Compare.class).orElseThrow()));
  }

  private Optional<CompareDeclaration> declaration(Element element, AnnotationMirror mirror) {
    AnnotationValue topK = annotations.value(mirror, "topK");
    AnnotationValue tokens = annotations.value(mirror, "tokens");
    int errorsBefore = reporter.errorCount();
    ServerElements.Server reference = new ServerElements(annotations, reporter).read(element, mirror, "@Compare",
        "reference", "@Compare(reference) is blank: name the reference model as its endpoint knows it, e.g."
            + " @Compare(reference = \"qwen2.5:7b-instruct-fp16\")", "reference");
    int k = Annotations.asInt(topK).orElse(0);
    if (k < 0 || k > CompareDeclaration.MAX_TOP_K) {
      reporter.error(element, mirror, topK, "@Compare(topK = " + k + ") is outside 1.." + CompareDeclaration.MAX_TOP_K
          + " (OpenAI's top_logprobs limit); ask 1 to " + CompareDeclaration.MAX_TOP_K
          + " log-probabilities per position, or leave it out for the default (" + dev.llmh.config.Defaults.COMPARE_TOP_K + ")");
    }
    int compared = Annotations.asInt(tokens).orElse(0);
    if (compared < 0) {
      reporter.error(element, mirror, tokens, "@Compare(tokens = " + compared + ") is negative; compare at least 1 token"
          + " of the reference's answer, or leave it out for the case's max tokens");
    }
    if (reporter.errorCount() > errorsBefore) {
      return Optional.empty();
    }
    String text = Annotations.asString(annotations.value(mirror, "text")).orElse("");
    return Optional.of(new CompareDeclaration(reference.purpose(), reference.url(), k, compared, text));
  }
}
