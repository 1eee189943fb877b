package dev.llmh.processor;

import static dev.llmh.processor.CompiledScenario.compiled;

import org.junit.jupiter.api.Test;

/**
 * Budgets on a distribution comparison: read by the constraint grammar (nats or a bare number),
 * and no warning that the measured requests are too few, since a comparison's positions come from
 * its own requests.
 */
class CompareBudgetsTest {

  @Test
  void kullbackLeiblerBudgetsCompileWithoutARequestCountWarning() {
    compiled("Quantised",
        "@LlmBenchmark",
        "@Endpoint(model = \"q8\")",
        "@Compare(reference = \"fp16\", topK = 20)",
        "@Measurement(requests = 2, adaptive = false)",
        "@Constraint(\"kl_divergence.p99 <= 0.1\")",
        "@Constraint(\"kl_divergence.mean < 0.01nats\")",
        "@Constraint(\"top1_agreement >= 90%\")",
        "class Quantised {",
        "  @Prompt String p = \"a\";",
        "}")
        .succeeded()
        .warningCount(0);
  }

  @Test
  void aKullbackLeiblerBudgetInAnotherUnitIsAnError() {
    compiled("Quantised",
        "@LlmBenchmark",
        "@Compare(reference = \"fp16\")",
        "@Constraint(\"kl_divergence.p99 <= 0.1ms\")",
        "class Quantised {",
        "  @Prompt String p = \"a\";",
        "}")
        .errorCount(1)
        .errorOn("@Constraint(\"kl_divergence.p99 <= 0.1ms\")", "kl_divergence");
  }

  /**
   * Unlike judge_score without @Judge: llmh.compare.reference can name the reference at run time,
   * so a budget on a scenario without @Compare is not a mistake the compiler can see.
   */
  @Test
  void aComparisonBudgetWithoutCompareCompilesSinceConfigurationCanNameTheReference() {
    compiled("Configured",
        "@LlmBenchmark",
        "@Constraint(\"kl_divergence.p99 <= 0.1\")",
        "class Configured {",
        "  @Prompt @Constraint(\"top1_agreement >= 90%\") String p = \"a\";",
        "}")
        .succeeded();
  }
}
