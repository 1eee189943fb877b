package dev.llmh.compare;

import dev.llmh.config.CompareConfig;
import dev.llmh.config.Defaults;
import dev.llmh.runner.CompareDeclaration;
import java.util.Optional;

/**
 * A scenario's distribution comparison, resolved key by key: configuration ({@code llmh.compare.*},
 * read once by {@code Config.read}) over {@code @Compare} (as the processor read it) over
 * {@link Defaults}.
 *
 * @param reference the reference model
 * @param endpoint the reference's base URL, or null for the candidate's own endpoint
 * @param topK log-probabilities asked per position
 * @param tokens tokens of the reference's answer compared, or 0 for the case's max tokens
 * @param text a calibration text on the test classpath compared over instead of the answer, or null
 */
public record CompareSetup(String reference, String endpoint, int topK, int tokens, String text) {

  /**
   * The comparison of a scenario declaring {@code declared} (null: none), or empty when neither it
   * nor the configuration names a reference.
   */
  public static Optional<CompareSetup> of(CompareDeclaration declared, CompareConfig configured) {
    Optional<CompareDeclaration> annotation = Optional.ofNullable(declared);
    Optional<String> reference = configured.reference().or(() -> annotation.map(CompareDeclaration::reference))
        .map(String::strip).filter(s -> !s.isEmpty());
    if (reference.isEmpty()) {
      return Optional.empty();
    }
    String endpoint = configured.endpoint().or(() -> annotation.map(CompareDeclaration::endpoint)).orElse(null);
    // 0 in the annotation is its "not written": the default, or the case's max tokens
    int topK = configured.topK().orElse(annotation.map(CompareDeclaration::topK).filter(k -> k > 0).orElse(Defaults.COMPARE_TOP_K));
    int tokens = configured.tokens().orElse(annotation.map(CompareDeclaration::tokens).orElse(0));
    String text = configured.text().or(() -> annotation.map(CompareDeclaration::text)).orElse(null);
    return Optional.of(new CompareSetup(reference.get(), endpoint, topK, tokens, text));
  }
}
