package dev.llmh.processor;

import static dev.llmh.processor.Sources.compile;
import static dev.llmh.processor.Sources.scenario;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.CompilationSubject;
import com.google.testing.compile.JavaFileObjects;
import dev.llmh.runner.DeclaredSettings;
import dev.llmh.runner.ScenarioRunner;
import java.util.List;
import java.util.Map;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Settings, prompts and params shared by several scenarios live on a common abstract base class;
 * the scenario's own settings win, and a member redeclared lower down is read where it is redeclared.
 */
class InheritedFromBaseTest {

  @Test
  void classSettingsComeFromSuperclassesNearestFirst() throws Exception {
    Compilation compilation = compile(
        scenario("Base",
            "@Endpoint(model = \"shared-model\")",
            "@Warmup(requests = 3)",
            "@Measurement(requests = 12)",
            "@MaxTokens(64)",
            "public abstract class Base {}"),
        scenario("Middle",
            "@MaxTokens(32)",
            "@Constraint(\"ttft.p50 < 2s\")",
            "public abstract class Middle extends Base {}"),
        scenario("Chat",
            "@LlmBenchmark",
            "@Warmup(requests = 1)",
            "public class Chat extends Middle {",
            "  @Prompt String define = \"Define latency.\";",
            "  @Prompt @MaxTokens(8) String brief = \"Be brief.\";",
            "}"));
    CompilationSubject.assertThat(compilation).succeeded();
    CompilationSubject.assertThat(compilation).generatedSourceFile("com.example.Chat_LlmhRunner");
    // The bases declare no scenario: no runner for them.
    assertThat(compilation.generatedSourceFiles()).hasSize(1);

    ScenarioRunner runner = runner(compilation, "Chat");
    DeclaredSettings define = runner.prompts().get(0).settings();
    assertThat(define.endpoint().models()).containsExactly("shared-model");
    assertThat(define.measurement().warmupRequests()).isEqualTo(1); // the scenario's own
    assertThat(define.measurement().measuredRequests()).isEqualTo(12);
    assertThat(define.sampling().maxTokens()).isEqualTo(32); // the nearer base
    assertThat(define.constraints()).containsExactly("ttft.p50 < 2s");
    assertThat(runner.prompts().get(1).settings().sampling().maxTokens()).isEqualTo(8); // the prompt's own
    assertThat(runner.prompts()).extracting(p -> p.name()).isEqualTo(List.of("define", "brief"));
  }

  @Test
  void severalModelsReachTheRunnerInDeclarationOrderAndAPromptMayNameItsOwn() throws Exception {
    ScenarioRunner runner = runnerOfCleanCompilation("SideBySide",
        scenario("SideBySide",
            "@LlmBenchmark",
            "@Endpoint(model = {\"qwen2.5:7b-instruct-q4_K_M\", \"qwen2.5:7b-instruct-q8_0\"})",
            "public class SideBySide {",
            "  @Prompt String define = \"Define latency.\";",
            "  @Prompt @Endpoint(model = \"solo\") String solo = \"Be brief.\";",
            "}"));
    assertThat(runner.prompts().get(0).settings().endpoint().models())
        .containsExactly("qwen2.5:7b-instruct-q4_K_M", "qwen2.5:7b-instruct-q8_0");
    assertThat(runner.prompts().get(1).settings().endpoint().models()).containsExactly("solo");
  }

  @Test
  void promptsAndParamsComeFromTheBaseFirst() throws Exception {
    ScenarioRunner runner = runnerOfCleanCompilation("Strict",
        scenario("SharedPrompts",
            "@MaxTokens(16)",
            "public abstract class SharedPrompts {",
            "  @Param({\"2\", \"3\"}) int words;",
            "  @Prompt String define = \"Define latency.\";",
            "  @Prompt String repeat() { return \"word \".repeat(words).strip(); }",
            "  @Prompt String replaced() { return \"from the base\"; }",
            "  @Prompt @MaxTokens(4) String overridden() { return \"base text\"; }",
            "}"),
        scenario("Strict",
            "@LlmBenchmark",
            "@Ttft(p50 = \"1s\")",
            "public class Strict extends SharedPrompts {",
            "  @Prompt(name = \"own\") String mine = \"Mine.\";",
            "  @Prompt @Override String replaced() { return \"from the scenario\"; }",
            "  @Override String overridden() { return \"scenario text\"; }",
            "}"));
    assertThat(runner.prompts()).extracting(p -> p.name())
        .containsExactly("define", "repeat", "overridden", "own", "replaced");
    assertThat(runner.params()).extracting(p -> p.name()).containsExactly("words");
    Map<String, String> three = Map.of("words", "3");
    assertThat(runner.prompt("repeat", three)).isEqualTo("word word word");
    assertThat(runner.prompt("replaced", three)).isEqualTo("from the scenario");
    // An override without @Prompt keeps the base's declaration, and Java calls the override.
    assertThat(runner.prompt("overridden", three)).isEqualTo("scenario text");
    assertThat(runner.prompts().get(2).settings().sampling().maxTokens()).isEqualTo(4);
    assertThat(runner.prompts().get(0).settings().sampling().maxTokens()).isEqualTo(16);
    assertThat(runner.prompts().get(0).settings().constraints()).containsExactly("ttft.p50 <= 1s");
  }

  @Test
  void aPlainFieldHidingAnInheritedPromptIsAnError() {
    Compilation compilation = compile(
        scenario("Base", "public abstract class Base {", "  @Prompt String question = \"Why?\";", "}"),
        scenario("Chat",
            "@LlmBenchmark",
            "public class Chat extends Base {",
            "  @Prompt String own = \"Mine.\";",
            "  int question;",
            "}"));
    assertOneError(compilation, 1, "int question",
        "field 'question' hides the annotated field of com.example.Base, so the runner would read this one "
            + "instead; rename it");
  }

  @Test
  void aPromptInheritedFromAnotherPackageMustBePublic() {
    Compilation compilation = compile(
        JavaFileObjects.forSourceLines("shared.Base",
            "package shared;",
            "import dev.llmh.annotations.Prompt;",
            "public abstract class Base {",
            "  @Prompt protected String hidden = \"x\";",
            "  @Prompt public String open = \"y\";",
            "}"),
        scenario("Chat", "@LlmBenchmark", "public class Chat extends shared.Base {}"));
    assertOneError(compilation, 0, "hidden",
        "'hidden' of shared.Base is not public, so the runner generated for com.example.Chat in another "
            + "package cannot read it without reflection; make it public");
  }

  @Test
  void aPromptOnAConcreteClassWithoutLlmBenchmarkStillNamesBothFixes() {
    CompilationSubject.assertThat(compile(scenario("Demo", "class Demo {", "  @Prompt String p = \"x\";", "}")))
        .hadErrorContaining("add @LlmBenchmark to the class, or make the class abstract to share it with the "
            + "scenarios that extend it");
  }

  /** Exactly one error, containing {@code message}, on the line containing {@code line} of source number {@code file}. */
  private static void assertOneError(Compilation compilation, int file, String line, String message) {
    CompilationSubject.assertThat(compilation).hadErrorCount(1);
    CompilationSubject.assertThat(compilation).hadErrorContaining(message)
        .inFile(compilation.sourceFiles().get(file)).onLineContaining(line);
  }

  /**
   * The generated runner of the scenario {@code com.example.<simpleName>} among {@code sources}, which
   * must compile without errors or warnings.
   */
  private static ScenarioRunner runnerOfCleanCompilation(String simpleName, JavaFileObject... sources)
      throws Exception {
    Compilation compilation = compile(sources);
    CompilationSubject.assertThat(compilation).succeededWithoutWarnings();
    return runner(compilation, simpleName);
  }

  /** The generated runner of the scenario {@code com.example.<simpleName>}, instantiated. */
  private static ScenarioRunner runner(Compilation compilation, String simpleName) throws Exception {
    return (ScenarioRunner) new CompiledClasses(compilation)
        .loadClass("com.example." + simpleName + "_LlmhRunner").getConstructor().newInstance();
  }
}
