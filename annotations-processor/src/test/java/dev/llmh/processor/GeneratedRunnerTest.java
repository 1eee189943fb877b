package dev.llmh.processor;

import static dev.llmh.processor.Sources.compile;
import static dev.llmh.processor.Sources.scenario;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.common.truth.StringSubject;
import com.google.testing.compile.Compilation;
import com.google.testing.compile.CompilationSubject;
import dev.llmh.runner.DeclaredSettings;
import dev.llmh.runner.ParamDeclaration;
import dev.llmh.runner.PromptDeclaration;
import dev.llmh.runner.ScenarioRunner;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Map;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Compiles a valid scenario, loads the runner javac produced and checks what it declares and does. */
class GeneratedRunnerTest {

  static final JavaFileObject SOURCE = scenario("Summarise",
      "@LlmBenchmark",
      "@Endpoint(model = \"qwen2.5:14b-instruct\")",
      "@Warmup(requests = 2)",
      "@Measurement(requests = 10)",
      "@Sampling(temperature = 0.0, seed = 42)",
      "@MaxTokens(200)",
      "@Concurrency({1, 2, 4})",
      "@Ttft(p95 = \"2s\")",
      "@Constraint(\"tpot.p50 < 150ms\")",
      "public class Summarise {",
      "  @Param({\"1\", \"3\"}) int words;",
      "  @Param({\"plain\", \"say \\\"hi\\\"\\\\ \\u00e9\\n\"}) String style;",
      "  @Param(\"true\") Boolean loud;",
      "  @Param(\"0.25\") double ratio;",
      "",
      "  @Prompt String define = \"Define latency.\";",
      "",
      "  @Prompt(name = \"summary\")",
      "  String summarise() { return style + \":\" + \"word \".repeat(words) + (loud ? \"!\" : \"\") + ratio; }",
      "",
      "  @Prompt",
      "  @Endpoint(url = \"http://localhost:8080/v1\")",
      "  @Concurrency(1)",
      "  @Measurement(requests = 4)",
      "  @Sampling(temperature = 0.7, seed = 7)",
      "  @Constraint(\"e2e.p95 <= 12s\")",
      "  @Constraint(\"itl.p99 < 80ms\")",
      "  String override = \"fixed\";",
      "",
      "  @Prompt(name = \"odd \\\"name\\\"\\t\\\\u0041 \\u2713\")",
      "  @Ttft(p50 = \"350ms\")",
      "  static String shared() throws java.io.IOException { return \"static\"; }",
      "}");

  static Compilation compilation;
  static ScenarioRunner runner;

  @BeforeAll
  static void compileAndLoad() throws Exception {
    compilation = compile(SOURCE);
    CompilationSubject.assertThat(compilation).succeeded();
    // no warnings: the p95 budgets make the measurement adaptive, up to what they need
    CompilationSubject.assertThat(compilation).hadWarningCount(0);
    Class<?> type = new CompiledClasses(compilation).loadClass("com.example.Summarise_LlmhRunner");
    runner = (ScenarioRunner) type.getConstructor().newInstance();
  }

  @Test
  void theRunnerIsAPublicFinalGeneratedClassBesideTheScenario() throws Exception {
    Class<?> type = runner.getClass();
    assertThat(type.getPackageName()).isEqualTo("com.example");
    assertThat(Modifier.isPublic(type.getModifiers())).isTrue();
    assertThat(Modifier.isFinal(type.getModifiers())).isTrue();
    assertThat(Modifier.isPublic(type.getConstructor().getModifiers())).isTrue();
    CompilationSubject.assertThat(compilation)
        .generatedSourceFile("com.example.Summarise_LlmhRunner")
        .contentsAsUtf8String()
        .contains("@javax.annotation.processing.Generated(\"dev.llmh.processor.ScenarioProcessor\")");
    // No reflection: the runner reads fields and calls methods directly.
    CompilationSubject.assertThat(compilation)
        .generatedSourceFile("com.example.Summarise_LlmhRunner")
        .contentsAsUtf8String()
        .doesNotContain("reflect");
  }

  @Test
  void declaresTheScenarioAndItsParams() {
    assertThat(runner.scenarioClassName()).isEqualTo("com.example.Summarise");
    assertThat(runner.params())
        .containsExactly(
            new ParamDeclaration("words", List.of("1", "3"), ParamDeclaration.Type.INT),
            new ParamDeclaration("style", List.of("plain", "say \"hi\"\\ \u00e9\n"), ParamDeclaration.Type.STRING),
            new ParamDeclaration("loud", List.of("true"), ParamDeclaration.Type.BOOLEAN),
            new ParamDeclaration("ratio", List.of("0.25"), ParamDeclaration.Type.DOUBLE));
  }

  @Test
  void promptsCarryClassDefaultsMergedWithTheirOwnAnnotations() {
    DeclaredSettings classDefaults =
        classSettingsBut().constraints(List.of("tpot.p50 < 150ms", "ttft.p95 <= 2s")).build();
    assertThat(runner.prompts())
        .containsExactly(
            new PromptDeclaration("define", "define", false, classDefaults, null),
            new PromptDeclaration("summary", "summarise", true, classDefaults, null),
            // @Endpoint replaces the class's whole @Endpoint (so no model); @Constraint replaces the
            // class's constraints while the class's @Ttft still applies.
            new PromptDeclaration("override", "override", false, DeclaredSettings.builder()
                    .endpointUrl("http://localhost:8080/v1").warmupRequests(2).measuredRequests(4)
                    .temperature(0.7).seed(7L).maxTokens(200).concurrency(List.of(1))
                    .constraints(List.of("e2e.p95 <= 12s", "itl.p99 < 80ms", "ttft.p95 <= 2s"))
                    .build(), null),
            // @Ttft replaces the class's @Ttft while the class's @Constraint still applies.
            new PromptDeclaration("odd \"name\"\t\\u0041 \u2713", "shared", true, classSettingsBut().constraints(List.of("tpot.p50 < 150ms", "ttft.p50 <= 350ms")).build(), null));
  }

  /** What the class declares but its budgets, which differ from prompt to prompt. */
  private static DeclaredSettings.Builder classSettingsBut() {
    return DeclaredSettings.builder()
        .model("qwen2.5:14b-instruct").warmupRequests(2).measuredRequests(10).temperature(0.0).seed(42L)
        .maxTokens(200).concurrency(List.of(1, 2, 4));
  }

  @Test
  void theRunnerDeclaresSettingsThroughTheBuilderAndOnlyThoseTheScenarioDeclares() {
    StringSubject runnerSource = CompilationSubject.assertThat(compilation)
        .generatedSourceFile("com.example.Summarise_LlmhRunner")
        .contentsAsUtf8String();
    runnerSource.contains("dev.llmh.runner.DeclaredSettings.builder()");
    runnerSource.doesNotContain("new dev.llmh.runner.DeclaredSettings(");
    // 'override' replaces the class's @Endpoint with one that names no model: no model setter, no null.
    runnerSource.doesNotContain("(null)");
  }

  @Test
  void promptsReadTheScenarioAfterItsParamsAreSet() {
    Map<String, String> params =
        Map.of("words", "3", "style", "say \"hi\"\\ \u00e9\n", "loud", "true", "ratio", "0.25");
    assertThat(runner.prompt("summary", params)).isEqualTo("say \"hi\"\\ \u00e9\n:word word word !0.25");
    assertThat(runner.prompt("summary", Map.of("words", "1", "style", "plain", "loud", "false", "ratio", "2")))
        .isEqualTo("plain:word 2.0");
    assertThat(runner.prompt("define", params)).isEqualTo("Define latency.");
    assertThat(runner.prompt("override", params)).isEqualTo("fixed");
    assertThat(runner.prompt("odd \"name\"\t\\u0041 \u2713", params)).isEqualTo("static");
  }

  @Test
  void aMissingParamOrAnUnknownPromptIsNamedInTheException() {
    assertThatThrownBy(() -> runner.prompt("define", Map.of("words", "1", "style", "plain", "loud", "true")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no value for @Param 'ratio' of com.example.Summarise");
    Map<String, String> params = Map.of("words", "1", "style", "plain", "loud", "true", "ratio", "1");
    assertThatThrownBy(() -> runner.prompt("defin", params))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no prompt named 'defin' in com.example.Summarise; its prompts: define, summary");
  }

  @Test
  void aStaticNestedScenarioGetsARunnerNamedAfterItsBinaryName() throws Exception {
    JavaFileObject source = scenario("Outer",
        "public class Outer {",
        "  @LlmBenchmark",
        "  static class Inner {",
        "    @Prompt static final String GREETING = \"hello\";",
        "    @Prompt protected String farewell() { return \"bye\"; }",
        "  }",
        "}");
    Compilation nested = compile(source);
    CompilationSubject.assertThat(nested).succeededWithoutWarnings();
    assertThat(ScenarioRunner.runnerClassName("com.example.Outer$Inner"))
        .isEqualTo("com.example.Outer_Inner_LlmhRunner");
    ScenarioRunner innerRunner = (ScenarioRunner) new CompiledClasses(nested)
        .loadClass("com.example.Outer_Inner_LlmhRunner").getConstructor().newInstance();
    assertThat(innerRunner.scenarioClassName()).isEqualTo("com.example.Outer$Inner");
    assertThat(innerRunner.params()).isEmpty();
    assertThat(innerRunner.prompt("GREETING", Map.of())).isEqualTo("hello");
    assertThat(innerRunner.prompt("farewell", Map.of())).isEqualTo("bye");
    assertThat(innerRunner.prompts())
        .extracting(PromptDeclaration::settings)
        .containsOnly(DeclaredSettings.builder().build());
  }
}
