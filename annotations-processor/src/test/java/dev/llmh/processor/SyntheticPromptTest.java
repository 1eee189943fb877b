package dev.llmh.processor;

import static dev.llmh.processor.CompiledScenario.compiled;
import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.runner.DeclaredSettings;
import dev.llmh.runner.PromptDeclaration;
import dev.llmh.runner.ScenarioRunner;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code @SyntheticPrompt} and {@code @Endpoint(options)}: what the runner declares, and each error on its line. */
class SyntheticPromptTest {

  @Test
  void aSyntheticPromptIsAPromptWithItsLengthsInstructionAndTheClassSettings() throws Exception {
    CompiledScenario scenario = compiled("Sweep",
        "@LlmBenchmark",
        "@SyntheticPrompt(tokens = {128, 512, 2048}, instruction = \"Summarise this:\")",
        "@Endpoint(model = \"m\", options = {\"num_ctx=8192\", \"keep_alive=10m\"})",
        "@MaxTokens(16)",
        "public class Sweep {",
        "  @Prompt String plain = \"Define latency.\";",
        "}").succeeded();
    ScenarioRunner runner = (ScenarioRunner) new CompiledClasses(scenario.compilation())
        .loadClass("com.example.Sweep_LlmhRunner").getConstructor().newInstance();
    assertThat(runner.prompts()).extracting(PromptDeclaration::name).containsExactly("plain", "synthetic");
    DeclaredSettings synthetic = runner.prompts().get(1).settings();
    assertThat(synthetic.synthetic()).isTrue();
    assertThat(synthetic.prompting().promptTokens()).containsExactly(128, 512, 2048);
    assertThat(synthetic.prompting().instruction()).isEqualTo("Summarise this:");
    assertThat(synthetic.sampling().maxTokens()).isEqualTo(16);
    assertThat(synthetic.endpoint().models()).containsExactly("m");
    assertThat(synthetic.endpoint().options()).containsExactly("num_ctx=8192", "keep_alive=10m");
    assertThat(runner.prompts().get(0).settings().synthetic()).isFalse();
    assertThat(runner.prompts().get(0).settings().endpoint().options()).containsExactly("num_ctx=8192", "keep_alive=10m");
    assertThat(runner.prompt("plain", java.util.Map.of())).isEqualTo("Define latency.");
  }

  @Test
  void aScenarioMayHaveOnlyASyntheticPromptNamedAsItSays() throws Exception {
    CompiledScenario scenario = compiled("Only",
        "@LlmBenchmark",
        "@SyntheticPrompt(tokens = 64, name = \"filler\")",
        "public class Only {}").succeeded();
    ScenarioRunner runner = (ScenarioRunner) new CompiledClasses(scenario.compilation())
        .loadClass("com.example.Only_LlmhRunner").getConstructor().newInstance();
    assertThat(runner.prompts()).extracting(PromptDeclaration::name).containsExactly("filler");
    assertThat(runner.prompts().get(0).settings().prompting().promptTokens()).isEqualTo(List.of(64));
  }

  @Test
  void lengthsMustBeLongEnoughDistinctAndPresent() {
    compiled("None", "@LlmBenchmark", "@SyntheticPrompt(tokens = {})", "class None {}")
        .errorOn("@SyntheticPrompt", "@SyntheticPrompt has no lengths; list at least one");
    compiled("Short",
        "@LlmBenchmark",
        "@SyntheticPrompt(tokens = {16,",
        "    512, 512})",
        "class Short {}")
        .errorOn("tokens = {16,", "@SyntheticPrompt length 16 is below 32 tokens")
        .errorOn("512, 512", "@SyntheticPrompt lists 512 tokens twice")
        .errorCount(2);
  }

  @Test
  void itsNameAndParameterMustNotClash() {
    compiled("Clash",
        "@LlmBenchmark",
        "@SyntheticPrompt(tokens = 64)",
        "class Clash {",
        "  @Prompt String synthetic = \"x\";",
        "  @Param(\"1\") int promptTokens;",
        "}")
        .errorOn("@Prompt String synthetic", "prompt name 'synthetic' is already the name of the @SyntheticPrompt")
        .errorOn("@SyntheticPrompt", "@Param 'promptTokens' clashes with the parameter @SyntheticPrompt gives");
  }

  @Test
  void optionsMustBeKeyValueOnceEach() {
    compiled("Options",
        "@LlmBenchmark",
        "@Endpoint(options = {\"num_ctx\",",
        "    \"keep_alive=1m\", \"keep_alive=2m\"})",
        "class Options {",
        "  @Prompt String p = \"x\";",
        "}")
        .errorOn("num_ctx", "@Endpoint option 'num_ctx' is not key=value; write e.g. \"num_ctx=8192\"")
        .errorOn("keep_alive=2m", "@Endpoint option 'keep_alive' is given twice")
        .errorCount(2);
  }

  @Test
  void outsideABenchmarkItHasNoEffect() {
    compiled("Stray", "@SyntheticPrompt(tokens = 64)", "class Stray {}")
        .errorOn("@SyntheticPrompt", "@SyntheticPrompt on class Stray has no effect without @LlmBenchmark");
  }
}
