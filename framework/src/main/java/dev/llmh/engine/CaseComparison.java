package dev.llmh.engine;

import dev.llmh.compare.CompareFigures;
import dev.llmh.compare.CompareSetup;
import dev.llmh.compare.Comparison;
import dev.llmh.endpoint.Endpoint;
import dev.llmh.plan.CasePlan;
import java.time.Duration;
import java.util.Optional;

/**
 * A case's distribution comparison against its reference model, when its scenario declares one
 * ({@code @Compare}, {@code llmh.compare.reference}): run once per case, before its warm-up, on the
 * case's prompt as written (without the per-request marker, so that both models see one text).
 */
final class CaseComparison {
  private CaseComparison() {}

  /** What the comparison found, or why it found nothing; null when the scenario declares none. */
  static CompareFigures run(CasePlan plan, Endpoint endpoint, String candidateModel, String prompt, long deadline)
      throws InterruptedException {
    Optional<CompareSetup> declared = CompareSetup.of(scenarioClass(plan), CompareSetup::fromSystem);
    if (declared.isEmpty()) {
      return null;
    }
    CompareSetup setup = declared.get();
    String referenceEndpoint = setup.endpoint() != null ? setup.endpoint() : endpoint.url();
    if (prompt == null || !plan.turnTexts().isEmpty()) {
      return CompareFigures.notMeasured(setup.reference(), referenceEndpoint, setup.topK(),
          "a comparison needs one prompt text; a @PromptFile or @Conversation case has several");
    }
    int tokens = setup.tokens() > 0 ? setup.tokens() : plan.maxTokens();
    Duration left = Duration.ofNanos(Math.max(1_000_000_000L, deadline - System.nanoTime()));
    try {
      return Comparison.run(prompt, endpoint.url(), candidateModel, referenceEndpoint, setup.reference(), tokens, setup.topK(), left);
    } catch (RuntimeException e) {
      return CompareFigures.notMeasured(setup.reference(), referenceEndpoint, setup.topK(), "the comparison failed: " + e);
    }
  }

  private static Class<?> scenarioClass(CasePlan plan) {
    try {
      return Class.forName(plan.scenarioClassName(), false, plan.runner().getClass().getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      return null; // a runner without its class on the path: nothing declared there
    }
  }
}
