package dev.llmh.compare;

import dev.llmh.config.CompareConfig;
import dev.llmh.endpoint.Endpoint;
import dev.llmh.plan.CasePlan;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The distribution comparisons of a run's cases against their reference models, when a scenario
 * declares one ({@code @Compare}, {@code llmh.compare.reference}): asked before a case's warm-up, on
 * the case's prompt as written (without the per-request marker, so that both models see one text).
 *
 * <p>Cases that differ only in load (each {@code @Concurrency} level, each rate) would ask the same
 * greedy questions and get the same figures, so a comparison measured once is reused for the run.
 * One not measured is asked again by the next case: its failure may be passing, or the first case's
 * deadline.
 */
public final class CaseComparison {
  /** What makes two comparisons the same questions to the same servers. */
  record Key(String candidateEndpoint, String candidateModel, String referenceEndpoint, String reference, String prompt,
      int topK, int tokens, String text) {}

  private final CompareConfig config;
  private final Map<Key, CompareFigures> measured = new ConcurrentHashMap<>();
  private final TextComparison.References references = new TextComparison.References();

  public CaseComparison(CompareConfig config) {
    this.config = config;
  }

  /**
   * What the comparison found, or why it found nothing; null when the scenario declares none.
   *
   * @throws IllegalArgumentException when its calibration text cannot be read, naming the file
   */
  public CompareFigures run(CasePlan plan, Endpoint endpoint, String candidateModel, String prompt, long deadline)
      throws InterruptedException {
    Optional<CompareSetup> declared = CompareSetup.of(plan.runner().compare(), config);
    if (declared.isEmpty()) {
      return null;
    }
    CompareSetup setup = declared.get();
    String referenceEndpoint = setup.endpoint() != null ? setup.endpoint() : endpoint.url();
    List<String> paragraphs = setup.text() == null ? null
        : TextComparison.paragraphs(plan.runner().getClass().getClassLoader(), setup.text());
    if (paragraphs == null && (prompt == null || !plan.turnTexts().isEmpty())) {
      return CompareFigures.notMeasured(setup.reference(), referenceEndpoint, setup.topK(),
          "a comparison needs one prompt text; a @PromptFile or @Conversation case has several (or compare over a"
              + " calibration text: @Compare(text))");
    }
    int tokens = setup.tokens() > 0 ? setup.tokens() : plan.sampling().maxTokens();
    Key key = paragraphs != null ? new Key(endpoint.url(), candidateModel, referenceEndpoint, setup.reference(), null, setup.topK(), 0,
        setup.text()) : new Key(endpoint.url(), candidateModel, referenceEndpoint, setup.reference(), prompt, setup.topK(), tokens, null);
    CompareFigures known = measured.get(key);
    if (known != null) {
      return known;
    }
    Duration left = Duration.ofNanos(Math.max(1_000_000_000L, deadline - System.nanoTime()));
    CompareFigures figures;
    try {
      figures = paragraphs != null
          ? TextComparison.run(setup.text(), paragraphs, endpoint.url(), candidateModel, referenceEndpoint, setup.reference(),
              setup.topK(), left, references)
          : Comparison.run(prompt, endpoint.url(), candidateModel, referenceEndpoint, setup.reference(), tokens, setup.topK(), left);
    } catch (RuntimeException e) {
      return CompareFigures.notMeasured(setup.reference(), referenceEndpoint, setup.topK(), "the comparison failed: " + e);
    }
    if (figures.notMeasured() == null) {
      measured.put(key, figures);
    }
    return figures;
  }
}
