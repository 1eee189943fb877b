package dev.llmh.processor;

import static dev.llmh.processor.CompiledScenario.compiled;
import static dev.llmh.processor.Sources.compile;
import static dev.llmh.processor.Sources.scenario;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.CompilationSubject;
import dev.llmh.runner.SaturationDeclaration;
import dev.llmh.runner.ScenarioRunner;
import dev.llmh.runner.SloDeclaration;
import org.junit.jupiter.api.Test;

/** {@code @Slo} and {@code @SaturationSearch}: what the runner declares, and each mistake a compile error naming the fix. */
class SloAndSaturationTest {

  @Test
  void theRunnerDeclaresTheSloAndTheSearchPromptByPrompt() throws Exception {
    Compilation compilation = compile(scenario("Knee",
        "@LlmBenchmark",
        "@Slo(ttft = \"2s\", tpot = \"100ms\")",
        "@SaturationSearch(to = 16)",
        "@Constraint(\"slo_attainment >= 95%\")",
        "public class Knee {",
        "  @Prompt String p = \"x\";",
        "  @Prompt @Slo(e2e = \"20s\") @SaturationSearch(from = 2, to = 8, minGain = 0.1) String q = \"y\";",
        "}"));
    CompilationSubject.assertThat(compilation).succeeded();
    ScenarioRunner runner = (ScenarioRunner) new CompiledClasses(compilation).loadClass("com.example.Knee_LlmhRunner")
        .getConstructor().newInstance();
    assertThat(runner.prompts().get(0).settings().slo()).isEqualTo(new SloDeclaration("2s", "100ms", null));
    assertThat(runner.prompts().get(0).settings().measurement().saturationSearch()).isEqualTo(SaturationDeclaration.of(1, 16, 0.05));
    assertThat(runner.prompts().get(0).settings().measurement().saturationSearch().concurrencySteps()).containsExactly(1, 2, 4, 8, 16);
    assertThat(runner.prompts().get(1).settings().slo()).isEqualTo(new SloDeclaration(null, null, "20s"));
    assertThat(runner.prompts().get(1).settings().slo().e2eMs()).isEqualTo(20_000.0);
    assertThat(runner.prompts().get(1).settings().measurement().saturationSearch()).isEqualTo(SaturationDeclaration.of(2, 8, 0.1));
  }

  @Test
  void aSearchsHighestStepNeedsTwoRequestsPerWorkerLikeAnyConcurrency() {
    compiled("Demo",
        "@LlmBenchmark",
        "@Measurement(requests = 16)",
        "class Demo {",
        "  @Prompt @SaturationSearch(from = 2, to = 12) String enough = \"x\";",
        "  @Prompt @SaturationSearch(from = 2, to = 16) String few = \"y\";",
        "}")
        .warningOn("String few", "prompt 'few': 16 measured requests at concurrency 16; measure at least 32")
        .warningCount(1);
  }

  @Test
  void anSloNeedsATargetAndEachTargetATime() {
    compiled("Demo",
        "@LlmBenchmark",
        "@Slo // no target",
        "class Demo {",
        "  @Prompt @Slo(ttft = \"2\",",
        "      tpot = \"fast\", e2e = \"3 tok/s\") String p = \"x\";",
        "}")
        .errorOn("// no target", "@Slo sets no target, so no request could be told good; give at least one, e.g. @Slo(ttft = \"2s\")")
        .errorOn("@Slo(ttft", "@Slo(ttft = \"2\") has no unit; use ns, us, ms, s or min, e.g. 2ms")
        .errorOn("tpot = \"fast\"", "cannot read @Slo(tpot = \"fast\")")
        .errorOn("tpot = \"fast\"", "@Slo(e2e = \"3 tok/s\") has unit 'tok/s', not a time")
        .errorCount(4);
  }

  @Test
  void aGoodputBudgetNeedsAnSloWhereItApplies() {
    compiled("Demo",
        "@LlmBenchmark",
        "class Demo {",
        "  @Prompt @Slo(ttft = \"1s\") @Constraint(\"goodput >= 3req/s\") String ok = \"x\";",
        "  @Prompt @Constraint(\"slo_attainment >= 95%\") String missing = \"y\";",
        "}")
        .errorOn("String missing", "\"slo_attainment >= 95%\": 'slo_attainment' counts the requests that meet an @Slo")
        .errorCount(1);
  }

  @Test
  void aSearchHasSaneBoundsAndReplacesConcurrency() {
    compiled("Demo",
        "@LlmBenchmark",
        "@Concurrency({1, 2})",
        "class Demo {",
        "  @Prompt @SaturationSearch(from = 0, to = 4) String zero = \"x\";",
        "  @Prompt @SaturationSearch(to = 4) String valid = \"v\";",
        "  @Prompt @SaturationSearch(from = 8,",
        "      to = 4) String inverted = \"y\";",
        "  @Prompt @SaturationSearch(to = 4, minGain = 0) @Concurrency(4) String both = \"z\";",
        "}")
        .errorOn("from = 0", "@SaturationSearch(from = 0) must be at least 1")
        .errorOn("String valid", "@SaturationSearch and the class's @Concurrency both set the concurrency for prompt 'valid';"
            + " choose one: @Concurrency({...}) for fixed levels, or @SaturationSearch(from, to)")
        .errorOn("to = 4) String inverted", "@SaturationSearch(to = 4) is below from = 8; raise to to at least 8")
        .errorOn("minGain = 0", "@SaturationSearch(minGain = 0.0) must be a positive fraction")
        .errorOn("minGain = 0", "@SaturationSearch and @Concurrency both set the concurrency on the same element")
        .errorCount(5);
  }

  @Test
  void theServersSignalsAreDeclaredWithTheSearch() throws Exception {
    Compilation compilation = compile(scenario("Signals",
        "@LlmBenchmark",
        "public class Signals {",
        "  @Prompt @SaturationSearch(to = 8, kvCacheLimit = \"80%\", stopOnPreemption = false, memoryLimit = \"20GiB\")",
        "  String p = \"x\";",
        "}"));
    CompilationSubject.assertThat(compilation).succeeded();
    ScenarioRunner runner = (ScenarioRunner) new CompiledClasses(compilation).loadClass("com.example.Signals_LlmhRunner")
        .getConstructor().newInstance();
    assertThat(runner.prompts().get(0).settings().measurement().saturationSearch())
        .isEqualTo(new SaturationDeclaration(1, 8, 0.05, "80%", false, true, "20GiB"));
  }

  @Test
  void aSearchsLimitsAreAShareAndASize() {
    compiled("Demo",
        "@LlmBenchmark",
        "class Demo {",
        "  @Prompt @SaturationSearch(to = 4, kvCacheLimit = \"120%\") String over = \"x\";",
        "  @Prompt @SaturationSearch(to = 4, kvCacheLimit = \"lots\") String unread = \"y\";",
        "  @Prompt @SaturationSearch(to = 4, memoryLimit = \"20s\") String time = \"z\";",
        "  @Prompt @SaturationSearch(to = 4, kvCacheLimit = \"\", memoryLimit = \"\") String none = \"w\";",
        "}")
        .errorOn("120%", "@SaturationSearch(kvCacheLimit = \"120%\") must be a share above 0% and at most 100%, e.g. \"90%\","
            + " or \"\" for no limit")
        .errorOn("lots", "cannot read @SaturationSearch(kvCacheLimit = \"lots\") = 'lots'")
        .errorOn("20s", "@SaturationSearch(memoryLimit = \"20s\") has unit 's', not a size in bytes")
        .errorCount(3);
  }
}
