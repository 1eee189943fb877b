package dev.llmh.processor;

import static dev.llmh.processor.Annotations.find;

import dev.llmh.annotations.Judge;
import dev.llmh.constraint.Metric;
import dev.llmh.runner.JudgeDeclaration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;

/**
 * Reads {@code @Judge} on the class (or the nearest base class declaring it) and checks that a budget
 * on {@code judge_score} has a judge to score the answers.
 */
record JudgeReader(Annotations annotations, Reporter reporter) {

  /** The scenario's judge; empty when it declares none or the one it declares is in error. */
  Optional<JudgeDeclaration> read(TypeElement type) {
    return CheckReader.nearest(type, Judge.class)
        .flatMap(declaring -> declaration(declaring, find(declaring, Judge.class).orElseThrow()));
  }

  /** True when the class or a base class writes {@code @Judge}, in error or not. */
  static boolean declared(TypeElement type) {
    return ScenarioMembers.lineage(type).stream().anyMatch(t -> find(t, Judge.class).isPresent());
  }

  private Optional<JudgeDeclaration> declaration(Element element, AnnotationMirror mirror) {
    AnnotationValue maxTokens = annotations.value(mirror, "maxTokens");
    int errorsBefore = reporter.errorCount();
    ServerElements.Server judge = new ServerElements(annotations, reporter).read(element, mirror, "@Judge", "rubric",
        "@Judge(rubric) is blank: the judge scores 1-5 against it, so say what a good answer is, e.g."
            + " rubric = \"correct, complete and concise\"", "judge");
    int tokens = Annotations.asInt(maxTokens).orElse(1);
    if (tokens < 16) {
      reporter.error(element, mirror, maxTokens, "@Judge(maxTokens = " + tokens + ") leaves no room for a score and a"
          + " rationale; allow at least 16 tokens (default " + dev.llmh.config.Defaults.JUDGE_MAX_TOKENS + ")");
    }
    if (reporter.errorCount() > errorsBefore) {
      return Optional.empty();
    }
    return Optional.of(new JudgeDeclaration(Annotations.asString(annotations.value(mirror, "model")).orElse(""),
        judge.purpose(), judge.url(), tokens));
  }

  /**
   * Reports a budget on a metric only a judge gives ({@code judge_score}) where the scenario declares
   * no {@code @Judge}, on the {@code @Constraint} that sets it, once per element.
   */
  void judgeNeeded(Element element, List<String> constraints, boolean judged, Set<Element> reported) {
    if (judged || constraints == null || !reported.add(element)) {
      return;
    }
    for (String text : constraints) {
      SloSearchReader.budgeted(text).filter(Metric::needsJudge).ifPresent(metric ->
          new ConstraintReader(annotations, reporter).error(element, text, "\"" + text + "\": '" + metric.key()
              + "' is the judge's mean score of the answers, and this scenario declares no judge; add"
              + " @Judge(model = \"...\", rubric = \"...\") on the class"));
    }
  }
}
