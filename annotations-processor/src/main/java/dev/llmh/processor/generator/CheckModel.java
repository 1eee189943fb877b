package dev.llmh.processor.generator;

import dev.llmh.runner.CheckDeclaration;

/**
 * One check of a scenario: its declaration, and for a {@code @Check} method how the runner calls it.
 *
 * @param isStatic called through the type rather than an instance
 * @param returnsBoolean {@code boolean name(String)}, whose result the runner wraps; else it returns a
 *     {@code CheckResult}
 * @param takesPrompt {@code name(String prompt, String answer)}, not only the answer
 */
public record CheckModel(CheckDeclaration declaration, boolean isStatic, boolean returnsBoolean, boolean takesPrompt) {

  /** A built-in check ({@code @ExpectJson}, {@code @ExpectRegex}): the framework runs it, the runner only declares it. */
  public static CheckModel builtIn(CheckDeclaration declaration) {
    return new CheckModel(declaration, false, false, false);
  }

  public boolean method() {
    return declaration.kind() == CheckDeclaration.Kind.METHOD;
  }
}
