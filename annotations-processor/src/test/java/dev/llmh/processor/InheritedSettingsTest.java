package dev.llmh.processor;

import static dev.llmh.processor.Sources.compile;
import static dev.llmh.processor.Sources.scenario;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.CompilationSubject;
import dev.llmh.runner.DeclaredSettings;
import dev.llmh.runner.ScenarioRunner;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Settings shared by several scenarios live on a common base class; the scenario's own win. */
class InheritedSettingsTest {

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

    ScenarioRunner runner = (ScenarioRunner) new CompiledClasses(compilation)
        .loadClass("com.example.Chat_LlmhRunner").getConstructor().newInstance();
    DeclaredSettings define = runner.prompts().get(0).settings();
    assertThat(define.model()).isEqualTo("shared-model");
    assertThat(define.warmupRequests()).isEqualTo(1); // the scenario's own
    assertThat(define.measuredRequests()).isEqualTo(12);
    assertThat(define.maxTokens()).isEqualTo(32); // the nearer base
    assertThat(define.constraints()).containsExactly("ttft.p50 < 2s");
    assertThat(runner.prompts().get(1).settings().maxTokens()).isEqualTo(8); // the prompt's own
    assertThat(runner.prompts()).extracting(p -> p.name()).isEqualTo(List.of("define", "brief"));
  }
}
