package dev.llmh.processor;

import static dev.llmh.processor.Annotations.asInt;
import static dev.llmh.processor.Annotations.asList;
import static dev.llmh.processor.Annotations.asString;
import static dev.llmh.processor.Annotations.find;

import dev.llmh.annotations.SyntheticPrompt;
import dev.llmh.processor.generator.ParamModel;
import dev.llmh.processor.generator.PromptModel;
import dev.llmh.runner.DeclaredSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.TypeElement;

/**
 * Reads {@code @SyntheticPrompt} on the scenario or, nearest first, a superclass: a prompt the harness
 * makes to exact token counts, one case per count, with the case parameter {@code promptTokens}.
 */
record SyntheticPromptReader(Annotations annotations, Reporter reporter) {

  /** The parameter each synthetic case carries: its target length. */
  static final String PARAM = "promptTokens";

  /**
   * Shorter than this, the marker that keeps each request's prompt unique and the chat template
   * alone may take the whole length: no filler would be left to adjust.
   */
  static final int MIN_TOKENS = 32;

  /** Whether the scenario or a superclass carries the annotation, valid or not. */
  boolean declared(TypeElement scenario) {
    return ScenarioMembers.lineage(scenario).stream().anyMatch(t -> find(t, SyntheticPrompt.class).isPresent());
  }

  /** The declaration as read, or empty when there is none or it has an error. */
  Optional<Found> read(TypeElement scenario) {
    List<TypeElement> lineage = ScenarioMembers.lineage(scenario);
    for (int i = lineage.size() - 1; i >= 0; i--) {
      TypeElement type = lineage.get(i);
      Optional<AnnotationMirror> mirror = find(type, SyntheticPrompt.class);
      if (mirror.isPresent()) {
        return check(type, mirror.get());
      }
    }
    return Optional.empty();
  }

  private Optional<Found> check(TypeElement type, AnnotationMirror mirror) {
    int errorsBefore = reporter.errorCount();
    AnnotationValue tokensValue = annotations.value(mirror, "tokens");
    List<Integer> tokens = new ArrayList<>();
    for (AnnotationValue item : asList(tokensValue)) {
      Optional<Integer> n = asInt(item);
      if (n.isEmpty()) {
        continue;
      }
      if (n.get() < MIN_TOKENS) {
        reporter.error(type, mirror, item, "@SyntheticPrompt length " + n.get() + " is below " + MIN_TOKENS
            + " tokens: the unique marker and the chat template take some of them, leaving too little filler to"
            + " adjust; use " + MIN_TOKENS + " or more");
      } else if (tokens.contains(n.get())) {
        reporter.error(type, mirror, item, "@SyntheticPrompt lists " + n.get() + " tokens twice; remove one (each length is a case)");
      }
      tokens.add(n.get());
    }
    if (tokens.isEmpty()) {
      reporter.error(type, mirror, tokensValue,
          "@SyntheticPrompt has no lengths; list at least one, e.g. tokens = {128, 512, 2048}");
    }
    AnnotationValue nameValue = annotations.value(mirror, "name");
    String name = asString(nameValue).orElse("synthetic");
    if (name.isBlank()) {
      reporter.error(type, mirror, nameValue, "@SyntheticPrompt name is blank; write a name, or leave it out for 'synthetic'");
    }
    String instruction = asString(annotations.value(mirror, "instruction")).orElse("");
    if (reporter.errorCount() > errorsBefore) {
      return Optional.empty();
    }
    return Optional.of(new Found(type, mirror, name, tokens, instruction.isEmpty() ? null : instruction));
  }

  /**
   * A {@code @Param} of the same name would make the case's parameters ambiguous; a {@code @Prompt} of
   * the same name, two cases with one name.
   */
  void checkClashes(Found synthetic, List<PromptSource> prompts, List<ParamModel> params) {
    for (PromptSource prompt : prompts) {
      if (prompt.name().equals(synthetic.name())) {
        reporter.error(prompt.element(), prompt.mirror(), "prompt name '" + prompt.name() + "' is already the name of the"
            + " @SyntheticPrompt; give one of them another name");
      }
    }
    for (ParamModel param : params) {
      if (param.field().equals(PARAM)) {
        reporter.error(synthetic.type(), synthetic.mirror(), "@Param '" + PARAM + "' clashes with the parameter"
            + " @SyntheticPrompt gives each of its cases; rename the field");
      }
    }
  }

  /**
   * @param type where the annotation was found
   * @param instruction the text before the filler, or null
   */
  record Found(TypeElement type, AnnotationMirror mirror, String name, List<Integer> tokens, String instruction) {

    /** The synthetic prompt as the runner declares it: the scenario's settings plus its lengths. */
    PromptModel model(DeclaredSettings classSettings) {
      DeclaredSettings s = classSettings;
      DeclaredSettings.Measurement m = s.measurement();
      // not the class's @PromptCache, @SaturationSearch or @Slo: a synthetic prompt takes none of them
      DeclaredSettings settings = new DeclaredSettings(s.endpoint(),
          new DeclaredSettings.Measurement(m.warmupRequests(), m.measuredRequests(), m.maxRequests(), m.concurrency(), null, m.load()),
          new DeclaredSettings.Sampling(s.sampling().temperature(), s.sampling().seed(), s.sampling().maxTokens(), null),
          new DeclaredSettings.Prompting(tokens, instruction, null), s.constraints(), null, s.deployment());
      return new PromptModel(name, name, false, false, false, settings, false, null);
    }
  }
}
