package dev.llmh.processor;

import static dev.llmh.processor.CompiledScenario.compiled;
import static dev.llmh.processor.Sources.compile;
import static dev.llmh.processor.Sources.scenario;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.CompilationSubject;
import dev.llmh.runner.ScenarioRunner;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code @Conversation} and its prompt method taking the turn index: both or neither, checked on the element. */
class ConversationScenarioTest {

  @Test
  void theRunnerAsksTheTurnMethodForEachTurnAndDeclaresTheTurns() throws Exception {
    Compilation compilation = compile(scenario("Chat",
        "@LlmBenchmark",
        "@Conversation(turns = 3)",
        "public class Chat {",
        "  @Param({\"2\"}) int words;",
        "  @Prompt String next(int turn) { return \"turn \" + turn + \" \" + \"word \".repeat(words); }",
        "}"));
    CompilationSubject.assertThat(compilation).succeeded();
    CompilationSubject.assertThat(compilation).hadWarningCount(0);
    ScenarioRunner runner = (ScenarioRunner) new CompiledClasses(compilation).loadClass("com.example.Chat_LlmhRunner")
        .getConstructor().newInstance();
    assertThat(runner.prompts()).singleElement().satisfies(p -> assertThat(p.settings().prompting().conversationTurns()).isEqualTo(3));
    assertThat(runner.prompt("next", Map.of("words", "2"), 3)).isEqualTo("turn 3 word word ");
    // read without a turn, a conversation's prompt is its first turn's message (what the prompt hash starts from)
    assertThat(runner.prompt("next", Map.of("words", "2"))).isEqualTo("turn 1 word word ");
  }

  @Test
  void aRunnerWithoutAConversationRefusesATurn() throws Exception {
    Compilation compilation = compile(scenario("Plain",
        "@LlmBenchmark",
        "public class Plain {",
        "  @Prompt String p = \"x\";",
        "}"));
    ScenarioRunner runner = (ScenarioRunner) new CompiledClasses(compilation).loadClass("com.example.Plain_LlmhRunner")
        .getConstructor().newInstance();
    assertThat(runner.prompts().get(0).settings().prompting().conversationTurns()).isNull();
    assertThatThrownBy(() -> runner.prompt("p", Map.of(), 1)).hasMessageContaining("is not a @Conversation prompt");
  }

  @Test
  void aConversationInheritedFromAnAbstractBaseApplies() {
    compiled("Chat",
        "@Conversation(turns = 2)",
        "abstract class Base {}",
        "@LlmBenchmark",
        "class Chat extends Base {",
        "  @Prompt String next(int turn) { return \"t\" + turn; }",
        "}")
        .succeeded();
  }

  @Test
  void aTurnMethodOverriddenWithItsAnnotationReplacesTheBasesOnce() {
    compiled("Chat",
        "abstract class Base {",
        "  @Prompt String next(int turn) { return \"base\" + turn; }",
        "}",
        "@LlmBenchmark",
        "@Conversation(turns = 2)",
        "class Chat extends Base {",
        "  @Prompt @Override String next(int turn) { return \"chat\" + turn; }",
        "}")
        .succeeded(); // one prompt 'next', not a duplicate name
  }

  @Test
  void aConversationWithoutATurnMethodNamesTheMethodToAdd() {
    compiled("Chat",
        "@LlmBenchmark",
        "@Conversation(turns = 8)",
        "class Chat {",
        "  @Prompt String hello = \"Hello\";",
        "}")
        .errorOn("@Conversation", "@Conversation has no @Prompt method taking the turn index; add @Prompt String next(int turn)")
        .errorOn("@Prompt String hello", "@Prompt field 'hello' takes no turn index, but Chat is a @Conversation")
        .errorCount(2);
  }

  @Test
  void aTurnMethodWithoutAConversationNamesTheAnnotationToAdd() {
    compiled("Chat",
        "@LlmBenchmark",
        "class Chat {",
        "  @Prompt String next(int turn) { return \"t\" + turn; }",
        "}")
        .errorOn("String next(int turn)",
            "@Prompt method next(int) takes a turn index, which only a conversation gives; add @Conversation(turns = ...) to class Chat")
        .errorCount(1);
  }

  @Test
  void aPromptMethodTakingAnythingButOneIntIsAnError() {
    compiled("Chat",
        "@LlmBenchmark",
        "@Conversation(turns = 2)",
        "class Chat {",
        "  @Prompt String next(long turn) { return \"t\" + turn; }",
        "}")
        .errorOn("String next(long turn)", "take only the turn index: String next(int turn)");
  }

  @Test
  void aSyntheticPromptIsNoConversation() {
    compiled("Chat",
        "@LlmBenchmark",
        "@Conversation(turns = 2)",
        "@SyntheticPrompt(tokens = {128, 512})",
        "class Chat {}")
        .errorOn("@Conversation", "@Conversation has no @Prompt method taking the turn index");
  }

  @Test
  void turnsMustBePositive() {
    compiled("Chat",
        "@LlmBenchmark",
        "@Conversation(turns = 0)",
        "class Chat {",
        "  @Prompt String next(int turn) { return \"t\" + turn; }",
        "}")
        .errorOn("@Conversation", "@Conversation(turns = 0) must be at least 1")
        .errorCount(1);
  }

  @Test
  void aConversationOutsideAScenarioHasNoEffect() {
    compiled("Chat",
        "@Conversation(turns = 2)",
        "class Chat {}")
        .errorOn("@Conversation", "@Conversation on class Chat has no effect without @LlmBenchmark");
  }
}
