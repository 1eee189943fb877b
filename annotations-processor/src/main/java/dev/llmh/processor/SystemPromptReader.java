package dev.llmh.processor;

import dev.llmh.processor.generator.PromptModel;
import dev.llmh.runner.DeclaredSettings;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;

/**
 * Checks a {@code @SystemPrompt} member — a String field or a no-argument method returning String
 * that the generated runner can read directly, at most one per scenario — and warns on text that
 * changes between requests in it or in a {@code @Prompt} member ({@link VolatileCalls}).
 */
record SystemPromptReader(JavaTypes javaTypes, VolatileCalls volatileCalls, Reporter reporter) {

  /**
   * The member as the runner reads it (a {@link PromptModel} named {@code system}, without settings),
   * or empty when it has an error.
   *
   * @param earlier the scenario's system prompt read before this one, if any: a second is an error
   */
  Optional<PromptModel> read(Element member, AnnotationMirror annotation, Optional<Element> earlier) {
    int errorsBefore = reporter.errorCount();
    String name = member.getSimpleName().toString();
    if (earlier.isPresent()) {
      reporter.error(member, annotation,
          "@SystemPrompt '" + name + "': the scenario already has one, '" + earlier.get().getSimpleName()
              + "'; a request has one system prompt: remove one of the two annotations");
    }
    TextMemberChecks textMember = new TextMemberChecks(javaTypes, reporter);
    textMember.reportIfPrivate(member, annotation, "@SystemPrompt '" + name + "'");
    boolean method = member instanceof ExecutableElement;
    boolean throwsChecked = false;
    if (member instanceof ExecutableElement executable) {
      textMember.reportUnlessReturnsString(executable, annotation, "@SystemPrompt", name, "the system message's text");
      if (!executable.getParameters().isEmpty()) {
        reporter.error(member, annotation,
            "@SystemPrompt method " + name + "() takes parameters; remove them (read inputs from @Param fields)");
      }
      throwsChecked = !javaTypes.checkedExceptions(executable).isEmpty();
    } else if (!javaTypes.isString(member.asType())) {
      reporter.error(member, annotation,
          "@SystemPrompt field '" + name + "' is of type " + member.asType() + "; declare it as String");
    }
    warnOnVolatileText(member, "@SystemPrompt");
    if (reporter.errorCount() > errorsBefore) {
      return Optional.empty();
    }
    return Optional.of(new PromptModel("system", name, method, member.getModifiers().contains(Modifier.STATIC), throwsChecked, DeclaredSettings.builder().build(), false, null));
  }

  /** A warning on {@code member} naming each call in its code whose text changes between requests. */
  void warnOnVolatileText(Element member, String annotation) {
    Set<String> calls = volatileCalls.in(member);
    if (calls.isEmpty()) {
      return;
    }
    reporter.warning(member,
        annotation + " '" + member.getSimpleName() + "' calls " + String.join(", ", calls) + ": text that changes "
            + "between requests defeats the server's prefix cache, which reuses only a byte-identical prefix, so "
            + "every request pays its whole prefill; compute it once (a constant), or leave it out");
  }
}
