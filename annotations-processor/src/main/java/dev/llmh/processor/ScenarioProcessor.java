package dev.llmh.processor;

import dev.llmh.annotations.LlmBenchmark;
import dev.llmh.processor.generator.RunnerWriter;
import dev.llmh.processor.generator.ScenarioModel;
import java.io.IOException;
import java.io.Writer;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.stream.Collectors;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.tools.JavaFileObject;

/**
 * Checks {@code @LlmBenchmark} scenario classes at compile time and generates one
 * {@link dev.llmh.runner.ScenarioRunner} per valid class, so the engine reads prompts and sets params
 * without reflection and a mistake fails the build where it was made, not at run time.
 *
 * <p>This class is only the javac glue: {@link ScenarioReader} checks and models a class,
 * {@link RunnerWriter} turns the model into source.
 */
public final class ScenarioProcessor extends AbstractProcessor {

  /** Binary names of scenarios already handled, so that a later round never writes a runner twice. */
  private final Set<String> handled = new HashSet<>();

  @Override
  public Set<String> getSupportedAnnotationTypes() {
    return ScenarioReader.ALL.stream().map(Class::getCanonicalName).collect(Collectors.toUnmodifiableSet());
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    Reporter reporter = new Reporter(processingEnv);
    ScenarioReader reader = new ScenarioReader(processingEnv, reporter);

    Set<Element> annotated = new LinkedHashSet<>();
    for (TypeElement annotation : annotations) {
      annotated.addAll(round.getElementsAnnotatedWith(annotation));
    }
    for (Element element : annotated) {
      if (element instanceof TypeElement type && Annotations.find(type, LlmBenchmark.class).isPresent()) {
        if (handled.add(processingEnv.getElementUtils().getBinaryName(type).toString())) {
          reader.read(type).ifPresent(model -> write(model, type, reporter));
        }
      } else {
        reader.checkOwner(element);
      }
    }
    // Not claimed: other processors may look at the same annotations.
    return false;
  }

  private void write(ScenarioModel model, TypeElement type, Reporter reporter) {
    try {
      JavaFileObject file = processingEnv.getFiler().createSourceFile(model.runnerQualifiedName(), type);
      try (Writer writer = file.openWriter()) {
        writer.write(RunnerWriter.write(model));
      }
    } catch (IOException e) {
      reporter.error(type, "could not write the runner " + model.runnerQualifiedName() + ": " + e.getMessage());
    }
  }
}
