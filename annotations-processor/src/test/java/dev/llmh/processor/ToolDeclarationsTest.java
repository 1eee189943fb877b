package dev.llmh.processor;

import static dev.llmh.processor.CompiledScenario.compiled;
import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.runner.CheckDeclaration;
import dev.llmh.runner.ScenarioRunner;
import dev.llmh.runner.ToolResultDeclaration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code @Tools} and {@code @ExpectToolCall}: what the runner declares, and each mistake a compile error naming the fix. */
class ToolDeclarationsTest {

  @Test
  void theRunnerNamesTheToolsFileAndDeclaresTheToolCallCheck() throws Exception {
    ScenarioRunner runner = compiled("Weather",
        "@LlmBenchmark",
        "@Tools(\"weather-tools.json\")",
        "@ExpectToolCall(name = \"get_weather\", requiredArguments = {\"city\", \"unit\"}, argumentsFromPrompt = \"city\")",
        "@ExpectRegex(\"x\")",
        "@Constraint(\"success_rate >= 95%\")",
        "public class Weather {",
        "  @Prompt String p = \"What is the weather in Paris?\";",
        "}")
        .succeeded()
        .runner("Weather");
    assertThat(runner.toolsFile()).isEqualTo("weather-tools.json");
    assertThat(runner.checks()).containsExactly(
        CheckDeclaration.regex("x"), CheckDeclaration.toolCall("get_weather", List.of("city", "unit"), List.of("city")));
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
        "@ExpectToolCall(name = \" \", requiredArguments = {\"city\", \"\"}, argumentsFromPrompt = \"\")",
        "class Demo {",
        "  @Prompt String p = \"x\";",
        "}")
        .errorOn("@ExpectToolCall", "@ExpectToolCall checks a call of one of the tools the request offers, and this"
            + " scenario offers none; add @Tools(\"weather-tools.json\")")
        .errorOn("@ExpectToolCall", "@ExpectToolCall has an empty name, which no call could carry")
        .errorOn("@ExpectToolCall", "@ExpectToolCall(requiredArguments) holds an empty key")
        .errorOn("@ExpectToolCall", "@ExpectToolCall(argumentsFromPrompt) holds an empty key")
        .errorCount(4);
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

  @Test
  void aToolResultNamesALaterTurnOfAConversationWithTools() throws Exception {
    ScenarioRunner runner = compiled("Agent",
        "@LlmBenchmark",
        "@Conversation(turns = 3)",
        "@Tools(\"weather-tools.json\")",
        "@ToolResult(turn = 2, file = \"weather-result.json\")",
        "public class Agent {",
        "  @Prompt String next(int turn) { return \"turn \" + turn; }",
        "}")
        .succeeded().runner("Agent");
    assertThat(runner.toolResult()).isEqualTo(new ToolResultDeclaration(2, "weather-result.json"));
    ScenarioRunner ownText = compiled("OwnText", "@LlmBenchmark", "@Conversation(turns = 2)", "@Tools(\"t.json\")",
        "@ToolResult(turn = 2)", "public class OwnText {", "  @Prompt String next(int turn) { return \"x\"; }", "}")
        .succeeded().runner("OwnText");
    assertThat(ownText.toolResult()).isEqualTo(new ToolResultDeclaration(2, null));
  }

  @Test
  void aToolResultNeedsAConversationALaterTurnAndTools() {
    compiled("Single", "@LlmBenchmark", "@Tools(\"t.json\")", "@ToolResult(turn = 2)", "class Single {", "  @Prompt String p = \"x\";", "}")
        .errorOn("@ToolResult", "@ToolResult makes a conversation's turn carry a tool's result back, and this scenario is no"
            + " conversation; add @Conversation(turns = 2)")
        .errorCount(1);
    compiled("First",
        "@LlmBenchmark",
        "@Conversation(turns = 3)",
        "@ToolResult(turn = 1, file = \"/r.json\")",
        "class First {",
        "  @Prompt String next(int turn) { return \"x\"; }",
        "}")
        .errorOn("@ToolResult", "@ToolResult(turn = 1) must name a turn from 2 to 3: it answers the tool calls of the turn before it")
        .errorOn("@ToolResult", "@ToolResult answers a tool call, and this scenario offers no tools to call; add @Tools(")
        .errorOn("@ToolResult", "@ToolResult(file = \"/r.json\") starts with '/'; a test classpath path has none: write \"r.json\"")
        .errorCount(3);
  }
}
