package dev.llmh.processor;

import static dev.llmh.processor.Annotations.asInt;
import static dev.llmh.processor.Annotations.find;

import dev.llmh.annotations.Conversation;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeKind;

/**
 * {@code @Conversation(turns = N)} and its prompt method, {@code String next(int turn)}: both or
 * neither. A conversation without a method taking the turn index would send the same message every
 * turn; a method taking it outside a conversation would never be given one. In a conversation every
 * {@code @Prompt} takes the turn index, so that each of the scenario's cases is a conversation.
 */
record ConversationChecks(Annotations annotations, Reporter reporter) {

  /** A method whose only parameter is an {@code int}: the turn index. */
  static boolean takesTurn(ExecutableElement method) {
    return method.getParameters().size() == 1 && method.getParameters().get(0).asType().getKind() == TypeKind.INT;
  }

  /**
   * The conversation's turns (the nearest {@code @Conversation} of the class and its superclasses),
   * or empty for a scenario of single requests; reports every mismatch between it and the prompts.
   */
  Optional<Integer> check(TypeElement type, List<PromptSource> prompts) {
    Optional<TypeElement> declaring = ScenarioMembers.lineage(type).stream()
        .filter(t -> find(t, Conversation.class).isPresent())
        .reduce((farther, nearer) -> nearer);
    if (declaring.isEmpty()) {
      for (PromptSource p : prompts) {
        if (p.access().takesTurn()) {
          reporter.error(p.element(), p.mirror(),
              "@Prompt method " + p.element().getSimpleName() + "(int) takes a turn index, which only a conversation gives;"
                  + " add @Conversation(turns = ...) to class " + type.getSimpleName()
                  + ", or remove the parameter to send one message per request");
        }
      }
      return Optional.empty();
    }
    AnnotationMirror mirror = find(declaring.get(), Conversation.class).orElseThrow();
    AnnotationValue value = annotations.value(mirror, "turns");
    Optional<Integer> turns = asInt(value);
    if (turns.isPresent() && turns.get() < 1) {
      reporter.error(declaring.get(), mirror, value,
          "@Conversation(turns = " + turns.get() + ") must be at least 1: a conversation sends one user message per turn");
    }
    boolean anyTurnPrompt = false;
    for (PromptSource p : prompts) {
      anyTurnPrompt |= p.access().takesTurn();
      if (!p.access().takesTurn()) {
        String kind = p.access().method() ? "method " + p.element().getSimpleName() + "()" : "field '" + p.element().getSimpleName() + "'";
        reporter.error(p.element(), p.mirror(),
            "@Prompt " + kind + " takes no turn index, but " + type.getSimpleName() + " is a @Conversation, whose"
                + " prompts give each turn's user message; declare it as String " + p.element().getSimpleName()
                + "(int turn), or move it to a scenario without @Conversation");
      }
    }
    if (!anyTurnPrompt) {
      // Also with @SyntheticPrompt alone: a synthetic prompt is one message, not a conversation's turns.
      reporter.error(declaring.get(), mirror,
          "@Conversation has no @Prompt method taking the turn index; add @Prompt String next(int turn), which returns"
              + " the user message of each turn (1 to turns)");
    }
    return turns.filter(n -> n >= 1);
  }
}
