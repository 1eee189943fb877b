package dev.llmh.processor;

import static dev.llmh.processor.CompiledScenario.benchmark;
import static dev.llmh.processor.CompiledScenario.compiled;
import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.runner.CompareDeclaration;
import dev.llmh.runner.ScenarioRunner;
import org.junit.jupiter.api.Test;

/**
 * {@code @Compare}: what the runner declares (the nearest declaring class's, inherited), and each
 * mistake a compile error on the annotation naming the fix.
 */
class CompareProcessingTest {

  @Test
  void theRunnerDeclaresTheComparisonWithItsSentinelsAsWritten() throws Exception {
    ScenarioRunner runner = benchmark("public class Quantised",
        "@Compare(reference = \" fp16 \", endpoint = \"http://ref:8000/v1\", topK = 20, tokens = 64)")
        .succeeded()
        .runner("Quantised");
    assertThat(runner.compare()).isEqualTo(new CompareDeclaration("fp16", "http://ref:8000/v1", 20, 64, null));

    ScenarioRunner defaults = benchmark("public class Defaults", "@Compare(reference = \"fp16\")")
        .succeeded().runner("Defaults");
    assertThat(defaults.compare()).isEqualTo(new CompareDeclaration("fp16", null, 0, 0, null));

    ScenarioRunner calibrated = benchmark("public class Calibrated", "@Compare(reference = \"fp16\", text = \" calibration.txt \")")
        .succeeded().runner("Calibrated");
    assertThat(calibrated.compare()).isEqualTo(new CompareDeclaration("fp16", null, 0, 0, "calibration.txt"));

    ScenarioRunner plain = benchmark("public class Plain").succeeded().runner("Plain");
    assertThat(plain.compare()).isNull();
  }

  @Test
  void aBaseClassesComparisonIsInheritedAndTheNearestWins() throws Exception {
    ScenarioRunner inherited = benchmark("public class Derived extends Base",
        "@Compare(reference = \"fp16\", tokens = 24)",
        "abstract class Base {}").succeeded().runner("Derived");
    assertThat(inherited.compare()).isEqualTo(new CompareDeclaration("fp16", null, 0, 24, null));

    ScenarioRunner nearest = benchmark("public class Nearer extends Middle",
        "@Compare(reference = \"fp16\", tokens = 24)",
        "abstract class Base {}",
        "@Compare(reference = \"bf16\", topK = 3)",
        "abstract class Middle extends Base {}").succeeded().runner("Nearer");
    assertThat(nearest.compare()).isEqualTo(new CompareDeclaration("bf16", null, 3, 0, null));
  }

  @Test
  void aBlankReferenceCredentialsInTheUrlATopKOutOfRangeAndNegativeTokensAreErrors() {
    benchmark("class Demo",
        "@Compare(reference = \" \", endpoint = \"http://user:secret@ref:8000/v1\", topK = 21, tokens = -1)")
        .errorOn("@Compare", "@Compare(reference) is blank: name the reference model as its endpoint knows it")
        .errorOn("@Compare", "@Compare(endpoint) carries user:password@, which would be compiled into the class")
        .errorOn("@Compare", "@Compare(topK = 21) is outside 1..20")
        .errorOn("@Compare", "@Compare(tokens = -1) is negative")
        .errorCount(4);
    benchmark("class Negative", "@Compare(reference = \"fp16\", topK = -2)")
        .errorOn("@Compare", "@Compare(topK = -2) is outside 1..20")
        .errorCount(1);
  }

  @Test
  void anErrorInABaseClassesComparisonIsReportedOnTheBaseClass() {
    benchmark("class Derived extends Base", "@Compare(reference = \"\")", "abstract class Base {}")
        .errorOn("@Compare(reference = \"\")", "@Compare(reference) is blank")
        .errorCount(1);
  }

  @Test
  void aComparisonWithoutABenchmarkIsAnError() {
    compiled("Stray",
        "@Compare(reference = \"fp16\")",
        "class Stray {}")
        .errorOn("@Compare", "@Compare on class Stray has no effect without @LlmBenchmark")
        .errorCount(1);
  }
}
