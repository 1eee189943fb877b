package dev.llmh.processor;

import static dev.llmh.processor.CompiledScenario.compiled;
import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.runner.PromptDeclaration;
import dev.llmh.runner.ScenarioRunner;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code @PromptFile}: one case named after the file, read by the engine, and the mistakes the processor refuses. */
class PromptFileTest {

  @Test
  void aPromptFileIsACaseOfItsOwnBeforeTheMembersWithTheClassSettings() throws Exception {
    CompiledScenario scenario = compiled("FromFile",
        "@LlmBenchmark",
        "@PromptFile(\"data/chat.jsonl\")",
        "@MaxTokens(7)",
        "class FromFile {",
        "  @Prompt String define = \"Define latency.\";",
        "}").succeeded().warningCount(0);
    ScenarioRunner runner = (ScenarioRunner) new CompiledClasses(scenario.compilation())
        .loadClass("com.example.FromFile_LlmhRunner").getConstructor().newInstance();
    assertThat(runner.prompts()).extracting(PromptDeclaration::name).containsExactly("chat", "define");
    PromptDeclaration file = runner.prompts().get(0);
    assertThat(file.promptFile()).isEqualTo("data/chat.jsonl");
    assertThat(file.member()).isEqualTo("chat");
    assertThat(file.settings().sampling().maxTokens()).isEqualTo(7);
    assertThat(runner.prompts().get(1).promptFile()).isNull();
    assertThat(runner.prompt("define", Map.of())).isEqualTo("Define latency.");
  }

  @Test
  void aPromptFileAloneNeedsNoPromptMemberAndMayBeNamed() {
    compiled("OnlyFile", "@LlmBenchmark", "@PromptFile(value = \"prompts.jsonl\", name = \"sharegpt\")", "class OnlyFile {}", "")
        .succeeded();
  }

  @Test
  void mistakesAreErrorsOnTheAnnotationNamingTheFix() {
    compiled("Blank", "@LlmBenchmark", "@PromptFile(\"\")", "class Blank {}", "")
        .errorOn("@PromptFile(\"\")", "@PromptFile has no path; write the file's path on the test classpath");
    compiled("Slash", "@LlmBenchmark", "@PromptFile(\"/prompts.jsonl\")", "class Slash {}", "")
        .errorOn("@PromptFile(\"/prompts.jsonl\")", "starts with '/'; a test classpath path has none: write \"prompts.jsonl\"");
    compiled("Taken",
        "@LlmBenchmark",
        "@PromptFile(\"define.jsonl\")",
        "class Taken {",
        "  @Prompt String define = \"Define latency.\";",
        "}")
        .errorOn("@PromptFile(\"define.jsonl\")", "@PromptFile case name 'define' is already a @Prompt's");
    compiled("Loose", "@PromptFile(\"p.jsonl\")", "class Loose {}", "")
        .errorOn("@PromptFile(\"p.jsonl\")", "@PromptFile on class Loose has no effect without @LlmBenchmark");
  }
}
