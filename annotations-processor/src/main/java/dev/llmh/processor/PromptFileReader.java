package dev.llmh.processor;

import static dev.llmh.processor.Annotations.explicitValue;
import static dev.llmh.processor.Annotations.find;

import dev.llmh.annotations.PromptFile;
import dev.llmh.processor.generator.PromptModel;
import dev.llmh.runner.DeclaredSettings;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.TypeElement;

/**
 * Checks a scenario's {@code @PromptFile} (on the class or a base class, the nearest one): a path on
 * the test classpath and a case name no {@code @Prompt} has. The file itself is read when the case
 * runs, from the test classpath, which the compiler does not see.
 */
record PromptFileReader(Annotations annotations, Reporter reporter) {

  /** Whether the scenario or a base class declares a prompt file: then it needs no {@code @Prompt}. */
  static boolean declared(TypeElement type) {
    return ScenarioMembers.lineage(type).stream().anyMatch(t -> find(t, PromptFile.class).isPresent());
  }

  /**
   * The file's case as the runner declares it (a {@link PromptModel} whose member is the case name),
   * or empty when there is none or it has an error.
   *
   * @param prompts the {@code @Prompt} cases, whose names the file's case must not take
   */
  Optional<PromptModel> read(TypeElement type, List<PromptModel> prompts, DeclaredSettings settings) {
    List<TypeElement> lineage = ScenarioMembers.lineage(type);
    for (int i = lineage.size() - 1; i >= 0; i--) {
      TypeElement declaring = lineage.get(i);
      Optional<AnnotationMirror> mirror = find(declaring, PromptFile.class);
      if (mirror.isPresent()) {
        return read(declaring, mirror.get(), prompts, settings);
      }
    }
    return Optional.empty();
  }

  private Optional<PromptModel> read(
      TypeElement declaring, AnnotationMirror mirror, List<PromptModel> prompts, DeclaredSettings settings) {
    AnnotationValue pathValue = annotations.value(mirror, "value");
    String path = Annotations.asString(pathValue).orElse("");
    if (path.isBlank()) {
      reporter.error(declaring, mirror, pathValue,
          "@PromptFile has no path; write the file's path on the test classpath, e.g. @PromptFile(\"prompts.jsonl\") "
              + "for src/test/resources/prompts.jsonl");
      return Optional.empty();
    }
    if (path.startsWith("/")) {
      reporter.error(declaring, mirror, pathValue,
          "@PromptFile(\"" + path + "\") starts with '/'; a test classpath path has none: write \"" + path.substring(1) + "\"");
      return Optional.empty();
    }
    Optional<AnnotationValue> explicitName = explicitValue(mirror, "name");
    String name = explicitName.flatMap(Annotations::asString).orElse(defaultName(path));
    if (name.isBlank()) {
      reporter.error(declaring, mirror, explicitName.orElse(pathValue),
          "@PromptFile name is blank; write a name, or leave it out to use '" + defaultName(path) + "'");
      return Optional.empty();
    }
    if (prompts.stream().anyMatch(p -> p.name().equals(name))) {
      reporter.error(declaring, mirror, explicitName.orElse(pathValue),
          "@PromptFile case name '" + name + "' is already a @Prompt's; give the file's case another name: "
              + "@PromptFile(value = \"" + path + "\", name = \"...\")");
      return Optional.empty();
    }
    return Optional.of(new PromptModel(name, name, false, false, false, settings, false, path));
  }

  /** {@code data/chat.jsonl} → {@code chat}. */
  static String defaultName(String path) {
    String file = path.substring(path.lastIndexOf('/') + 1);
    int dot = file.lastIndexOf('.');
    return dot > 0 ? file.substring(0, dot) : file;
  }
}
