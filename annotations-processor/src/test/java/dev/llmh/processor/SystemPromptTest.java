package dev.llmh.processor;

import static dev.llmh.processor.CompiledScenario.compiled;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.testing.compile.CompilationSubject;
import dev.llmh.annotations.PromptCache;
import dev.llmh.runner.PromptDeclaration;
import dev.llmh.runner.ScenarioRunner;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code @SystemPrompt} and {@code @PromptCache}: what the runner reads, and what the processor refuses or warns about. */
class SystemPromptTest {

  @Test
  void theRunnerReadsTheSystemPromptAfterSettingTheParamsAndCarriesEachPromptsCacheMode() throws Exception {
    CompiledScenario scenario = compiled("Cached",
        "@LlmBenchmark",
        "@PromptCache(PromptCache.Mode.SHARED)",
        "class Cached {",
        "  @Param({\"2\", \"3\"}) int rules;",
        "  @SystemPrompt String preamble() { return \"You follow \" + rules + \" rules.\"; }",
        "  @Prompt String shared = \"Define latency.\";",
        "  @Prompt @PromptCache(PromptCache.Mode.UNIQUE) String fresh = \"Define latency.\";",
        "}")
        .succeeded()
        .warningCount(0);
    ScenarioRunner runner = runner(scenario, "com.example.Cached_LlmhRunner");
    assertThat(runner.systemPrompt(Map.of("rules", "3"))).isEqualTo("You follow 3 rules.");
    assertThat(runner.prompts()).extracting(p -> p.settings().sampling().promptCache())
        .containsExactly(PromptCache.Mode.SHARED, PromptCache.Mode.UNIQUE);
  }

  @Test
  void withoutASystemPromptTheRunnerHasNoneAndNoModeIsDeclared() throws Exception {
    ScenarioRunner runner = runner(
        compiled("Plain", "@LlmBenchmark", "class Plain {", "  @Prompt String p = \"x\";", "}").succeeded(),
        "com.example.Plain_LlmhRunner");
    assertThat(runner.systemPrompt(Map.of())).isNull();
    assertThat(runner.prompts()).extracting(PromptDeclaration::settings).allSatisfy(s -> assertThat(s.sampling().promptCache()).isNull());
  }

  @Test
  void aSystemPromptThatThrowsOrIsNullFailsNamingIt() throws Exception {
    ScenarioRunner throwing = systemPromptOf("Throws",
        "  @SystemPrompt String load() throws java.io.IOException { throw new java.io.IOException(\"gone\"); }");
    assertThatThrownBy(() -> throwing.systemPrompt(Map.of()))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("@SystemPrompt 'load' of com.example.Throws threw");
    // null means "no system prompt" to the engine: a member returning it is a mistake, not silence
    ScenarioRunner unset = systemPromptOf("Null", "  @SystemPrompt String preamble;");
    assertThatThrownBy(() -> unset.systemPrompt(Map.of()))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("@SystemPrompt 'preamble' of com.example.Null is null; return the text, or remove @SystemPrompt");
  }

  private static ScenarioRunner systemPromptOf(String name, String member) throws Exception {
    return runner(compiled(name, "@LlmBenchmark", "class " + name + " {", member, "  @Prompt String p = \"x\";", "}")
        .succeeded(), "com.example." + name + "_LlmhRunner");
  }

  @Test
  void anAbstractBaseSharesItsSystemPromptWithTheScenariosThatExtendIt() throws Exception {
    com.google.testing.compile.Compilation compilation = Sources.compile(
        Sources.scenario("Base", "abstract class Base {", "  @SystemPrompt String preamble = \"Be brief.\";", "}"),
        Sources.scenario("Child", "@LlmBenchmark", "class Child extends Base {", "  @Prompt String p = \"x\";", "}"));
    CompilationSubject.assertThat(compilation).succeeded();
    ScenarioRunner runner = (ScenarioRunner) new CompiledClasses(compilation).loadClass("com.example.Child_LlmhRunner")
        .getConstructor().newInstance();
    assertThat(runner.systemPrompt(Map.of())).isEqualTo("Be brief.");
  }

  @Test
  void aMisdeclaredSystemPromptIsAnErrorOnTheMemberNamingTheFix() {
    compiled("Wrong",
        "@LlmBenchmark",
        "class Wrong {",
        "  @SystemPrompt int number = 3;",
        "  @SystemPrompt String second() { return \"b\"; }",
        "  @SystemPrompt private String hidden = \"c\";",
        "  @SystemPrompt String withArgument(int n) { return \"d\"; }",
        "  @SystemPrompt @Prompt String both = \"e\";",
        "  @Prompt String p = \"x\";",
        "}")
        .errorOn("int number", "@SystemPrompt field 'number' is of type int; declare it as String")
        .errorOn("String second()", "the scenario already has one, 'number'; a request has one system prompt")
        .errorOn("private String hidden", "@SystemPrompt 'hidden' is private; make it package-private")
        .errorOn("withArgument(int n)", "takes parameters; remove them")
        .errorOn("String both", "is both a @SystemPrompt and a @Prompt");
  }

  @Test
  void aSystemPromptOutsideAScenarioHasNoEffectAndSaysSo() {
    compiled("Loose", "class Loose {", "  @SystemPrompt String s = \"x\";", "}")
        .errorOn("String s", "@SystemPrompt on 's' in class Loose has no effect without @LlmBenchmark");
  }

  @Test
  void textThatChangesBetweenRequestsIsAWarningOnTheMemberNamingTheCallAndTheCache() {
    compiled("Volatile",
        "import java.time.*;",
        "import java.util.*;",
        "@LlmBenchmark",
        "class Volatile {",
        "  @SystemPrompt String preamble() {",
        "    return \"Today is \" + LocalDateTime.now() + \", request \" + UUID.randomUUID();",
        "  }",
        "  @Prompt String stamped() { return \"At \" + System.currentTimeMillis() + \" or \" + new Date(); }",
        "  @Prompt String instant = \"Now: \" + Instant.now();",
        "  @Prompt String steady() { return \"Define latency.\" + new Date(0); }",
        "}")
        .succeeded()
        .warningCount(3)
        .warningOn("String preamble()",
            "@SystemPrompt 'preamble' calls LocalDateTime.now(), UUID.randomUUID(): text that changes between requests "
                + "defeats the server's prefix cache")
        .warningOn("String stamped()", "@Prompt 'stamped' calls System.currentTimeMillis(), new Date()")
        .warningOn("String instant", "@Prompt 'instant' calls Instant.now()");
  }

  private static ScenarioRunner runner(CompiledScenario scenario, String runnerName) throws Exception {
    CompilationSubject.assertThat(scenario.compilation()).succeeded();
    return (ScenarioRunner) new CompiledClasses(scenario.compilation()).loadClass(runnerName).getConstructor().newInstance();
  }
}
