package dev.llmh.processor;

import static dev.llmh.processor.CompiledScenario.compiled;
import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.runner.CheckDeclaration;
import dev.llmh.runner.ScenarioRunner;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code @Tools} and {@code @ExpectToolCall}: what the runner declares, and each mistake a compile error naming the fix. */
class ToolDeclarationsTest {

  @Test
  void theRunnerNamesTheToolsFileAndDeclaresTheToolCallCheck() throws Exception {
    ScenarioRunner runner = compiled("Weather",
        "@LlmBenchmark",
        "@Tools(\"weather-tools.json\")",
        "@ExpectToolCall(name = \"get_weather\", requiredArguments = {\"city\", \"unit\"})",
        "@ExpectRegex(\"x\")",
        "@Constraint(\"success_rate >= 95%\")",
        "public class Weather {",
        "  @Prompt String p = \"What is the weather in Paris?\";",
        "}")
        .succeeded()
        .runner("Weather");
    assertThat(runner.toolsFile()).isEqualTo("weather-tools.json");
    assertThat(runner.checks()).containsExactly(
        CheckDeclaration.regex("x"), CheckDeclaration.toolCall("get_weather", List.of("city", "unit")));
  }

  @Test
  void toolsAloneOfferThemWithoutACheck() throws Exception {
    ScenarioRunner offered = compiled("Offered", "@LlmBenchmark", "@Tools(\"t.json\")", "public class Offered {",
        "  @Prompt String p = \"x\";", "}").succeeded().runner("Offered");
    assertThat(offered.toolsFile()).isEqualTo("t.json");
    assertThat(offered.checks()).isEmpty();
  }

  @Test
  void aToolCallCheckNeedsToolsANameAndNonEmptyKeys() {
    compiled("Demo",
        "@LlmBenchmark",
        "@ExpectToolCall(name = \" \", requiredArguments = {\"city\", \"\"})",
        "class Demo {",
        "  @Prompt String p = \"x\";",
        "}")
        .errorOn("@ExpectToolCall", "@ExpectToolCall checks a call of one of the tools the request offers, and this"
            + " scenario offers none; add @Tools(\"weather-tools.json\")")
        .errorOn("@ExpectToolCall", "@ExpectToolCall has an empty name, which no call could carry")
        .errorOn("@ExpectToolCall", "@ExpectToolCall(requiredArguments) holds an empty key")
        .errorCount(3);
  }

  @Test
  void aToolsPathIsWrittenAsOnTheTestClasspath() {
    compiled("Demo", "@LlmBenchmark", "@Tools(\"/weather-tools.json\")", "class Demo {", "  @Prompt String p = \"x\";", "}")
        .errorOn("@Tools", "@Tools(\"/weather-tools.json\") starts with '/'; a test classpath path has none: write \"weather-tools.json\"")
        .errorCount(1);
    compiled("Blank", "@LlmBenchmark", "@Tools(\"\")", "class Blank {", "  @Prompt String p = \"x\";", "}")
        .errorOn("@Tools", "@Tools has no path")
        .errorCount(1);
  }

  @Test
  void aToolCallCheckIsInheritedWithItsTools() throws Exception {
    ScenarioRunner runner = compiled("Child",
        "class Outer {",
        "  @Tools(\"t.json\") @ExpectToolCall(name = \"f\") static abstract class Base {}",
        "}",
        "@LlmBenchmark",
        "public class Child extends Outer.Base {",
        "  @Prompt String p = \"x\";",
        "}")
        .succeeded().runner("Child");
    assertThat(runner.toolsFile()).isEqualTo("t.json");
    assertThat(runner.checks()).containsExactly(CheckDeclaration.toolCall("f", List.of()));
  }
}
