package dev.llmh.processor;

import static dev.llmh.processor.Annotations.explicitValue;

import dev.llmh.processor.generator.Declarations;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;

/**
 * Checks one {@code @Prompt} member (a String field or a no-argument method returning String that
 * the generated runner can read directly, or a method taking the turn index, {@code String next(int
 * turn)}, which only a {@code @Conversation} scenario may have: see {@link ConversationChecks}) and
 * its own settings annotations.
 */
record PromptReader(JavaTypes javaTypes, SettingsReader settings, Reporter reporter) {

  /** The member as read, or empty when it (or one of its settings) has an error. */
  Optional<PromptSource> read(Element member, AnnotationMirror prompt) {
    int errorsBefore = reporter.errorCount();
    String memberName = member.getSimpleName().toString();
    TextMemberChecks textMember = new TextMemberChecks(javaTypes, reporter);
    textMember.reportIfPrivate(member, prompt, "@Prompt '" + memberName + "'");
    boolean method = member.getKind() == ElementKind.METHOD;
    boolean throwsChecked = false;
    boolean takesTurn = false;
    if (member instanceof ExecutableElement executable) {
      textMember.reportUnlessReturnsString(executable, prompt, "@Prompt", memberName, "the text sent to the model");
      takesTurn = ConversationChecks.takesTurn(executable);
      if (!executable.getParameters().isEmpty() && !takesTurn) {
        reporter.error(member, prompt,
            "@Prompt method " + memberName + "() takes parameters; remove them (a prompt method takes no "
                + "arguments; read inputs from @Param fields instead), or, in a @Conversation scenario, take only "
                + "the turn index: String " + memberName + "(int turn)");
      }
      throwsChecked = !javaTypes.checkedExceptions(executable).isEmpty();
    } else if (!javaTypes.isString(member.asType())) {
      reporter.error(member, prompt,
          "@Prompt field '" + memberName + "' is of type " + member.asType()
              + "; declare it as String, the text sent to the model");
    }

    Optional<AnnotationValue> explicitName = explicitValue(prompt, "name");
    String name = explicitName.flatMap(Annotations::asString).filter(n -> !n.isEmpty()).orElse(memberName);
    if (name.isBlank()) {
      reporter.error(member, prompt, explicitName.orElseThrow(),
          "@Prompt name is blank; write a name, or leave it out to use '" + memberName + "'");
    }
    Declarations declarations = settings.read(member);
    if (reporter.errorCount() > errorsBefore) {
      return Optional.empty();
    }
    PromptSource.Access access =
        new PromptSource.Access(method, member.getModifiers().contains(Modifier.STATIC), throwsChecked, takesTurn);
    return Optional.of(new PromptSource(member, prompt, explicitName.orElse(null), name, access, declarations));
  }

  /** A second prompt with a name already taken is an error on the second, where the fix goes. */
  void checkUniqueNames(List<PromptSource> prompts) {
    Map<String, PromptSource> seen = new HashMap<>();
    for (PromptSource p : prompts) {
      PromptSource earlier = seen.putIfAbsent(p.name(), p);
      if (earlier == null) {
        continue;
      }
      String message = "prompt name '" + p.name() + "' is already used by '" + earlier.element().getSimpleName()
          + "'; give this one a different @Prompt(name = \"...\")";
      if (p.explicitName() != null) {
        reporter.error(p.element(), p.mirror(), p.explicitName(), message);
      } else {
        reporter.error(p.element(), p.mirror(), message);
      }
    }
  }
}
