package dev.llmh.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;

/**
 * A test scenario compiled with the processor, kept with its source so that each diagnostic can be
 * asserted on the line it is on. Every check returns this, so one scenario's checks read as a list.
 */
record CompiledScenario(JavaFileObject source, Compilation compilation) {

  /** Compiles {@code com.example.<simpleName>} with the LLMH annotations imported (see {@link Sources}). */
  static CompiledScenario compiled(String simpleName, String... body) {
    JavaFileObject source = Sources.scenario(simpleName, body);
    return new CompiledScenario(source, Sources.compile(source));
  }

  /** Compiles a benchmark with the one prompt {@code p}, as {@link Sources#onePrompt} writes it. */
  static CompiledScenario benchmark(String declaration, String... before) {
    return compiled(Sources.simpleName(declaration), Sources.onePrompt(declaration, before));
  }

  /** An error containing {@code message}, on the one line of the source that contains {@code line}. */
  CompiledScenario errorOn(String line, String message) {
    assertThat(compilation).hadErrorContaining(message).inFile(source).onLineContaining(line);
    return this;
  }

  /** A warning containing {@code message}, on the one line of the source that contains {@code line}. */
  CompiledScenario warningOn(String line, String message) {
    assertThat(compilation).hadWarningContaining(message).inFile(source).onLineContaining(line);
    return this;
  }

  CompiledScenario errorCount(int expected) {
    assertThat(compilation).hadErrorCount(expected);
    return this;
  }

  CompiledScenario warningCount(int expected) {
    assertThat(compilation).hadWarningCount(expected);
    return this;
  }

  CompiledScenario succeeded() {
    assertThat(compilation).succeeded();
    return this;
  }

  /** The generated runner of {@code com.example.<simpleName>}, instantiated as the engine does. */
  dev.llmh.runner.ScenarioRunner runner(String simpleName) throws ReflectiveOperationException {
    return (dev.llmh.runner.ScenarioRunner) new CompiledClasses(compilation)
        .loadClass("com.example." + simpleName + "_LlmhRunner").getConstructor().newInstance();
  }
}
