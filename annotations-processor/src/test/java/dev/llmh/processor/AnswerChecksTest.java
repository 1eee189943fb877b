package dev.llmh.processor;

import static dev.llmh.processor.CompiledScenario.compiled;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmh.annotations.CheckResult;
import dev.llmh.runner.CheckDeclaration;
import dev.llmh.runner.ScenarioRunner;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code @Check}, {@code @ExpectJson} and {@code @ExpectRegex}: what the runner declares and calls,
 * and each mistake a compile error on the element naming the fix.
 */
class AnswerChecksTest {

  @Test
  void theRunnerDeclaresTheChecksAndCallsTheMethodsDirectly() throws Exception {
    ScenarioRunner runner = compiled("Graded",
        "@LlmBenchmark",
        "@ExpectJson(requiredKeys = {\"name\", \"year\"})",
        "@ExpectRegex(\"\\\\d{4}\")",
        "@Constraint(\"success_rate >= 95%\")",
        "public class Graded {",
        "  @Param({\"3\", \"5\"}) int longest;",
        "  @Prompt String p = \"x\";",
        "  @Check boolean shortEnough(String answer) { return answer.length() <= longest; }",
        "  @Check static CheckResult polite(String answer) {",
        "    return answer.contains(\"please\") ? CheckResult.pass() : CheckResult.fail(\"no please in \" + answer);",
        "  }",
        "  @Check boolean throwing(String answer) throws java.io.IOException { throw new java.io.IOException(\"disk\"); }",
        "  @Check boolean copies(String prompt, String answer) { return answer.equals(prompt); }",
        "}")
        .succeeded()
        .runner("Graded");
    assertThat(runner.checks()).containsExactly(
        CheckDeclaration.json(java.util.List.of("name", "year")), CheckDeclaration.regex("\\d{4}"),
        CheckDeclaration.method("shortEnough"), CheckDeclaration.method("polite"), CheckDeclaration.method("throwing"),
        CheckDeclaration.method("copies"));
    // the @Param is set on the instance each check runs on
    assertThat(runner.check("shortEnough", Map.of("longest", "3"), "q", "abcd")).isEqualTo(CheckResult.fail("returned false"));
    assertThat(runner.check("shortEnough", Map.of("longest", "5"), "q", "abcd")).isEqualTo(CheckResult.pass());
    assertThat(runner.check("polite", Map.of("longest", "3"), "q", "hi")).isEqualTo(CheckResult.fail("no please in hi"));
    assertThatThrownBy(() -> runner.check("throwing", Map.of("longest", "3"), "q", "x")).hasMessage("disk");
    assertThatThrownBy(() -> runner.check("nope", Map.of("longest", "3"), "q", "x")).hasMessageContaining("no @Check method 'nope'");
    // a check taking the prompt is given it first
    assertThat(runner.check("copies", Map.of("longest", "3"), "echo", "echo")).isEqualTo(CheckResult.pass());
    assertThat(runner.check("copies", Map.of("longest", "3"), "echo", "other")).isEqualTo(CheckResult.fail("returned false"));
  }

  @Test
  void aScenarioWithoutChecksKeepsTheDefaults() throws Exception {
    ScenarioRunner runner = compiled("Plain", "@LlmBenchmark", "public class Plain {", "  @Prompt String p = \"x\";", "}")
        .succeeded().runner("Plain");
    assertThat(runner.checks()).isEmpty();
    assertThat(runner.judge()).isNull();
  }

  @Test
  void aCheckTakesTheAnswerAndSaysWhetherItPassed() {
    compiled("Demo",
        "@LlmBenchmark",
        "class Demo {",
        "  @Prompt String p = \"x\";",
        "  @Check boolean none() { return true; }",
        "  @Check boolean number(int answer) { return true; }",
        "  @Check boolean three(String prompt, String answer, String more) { return true; }",
        "  @Check boolean mixed(int prompt, String answer) { return true; }",
        "  @Check String text(String answer) { return answer; }",
        "  @Check private boolean hidden(String answer) { return true; }",
        "  @Check boolean fine(String answer) { return true; }",
        "}")
        .errorOn("boolean none()", "@Check method none() must take the answer text, or the prompt and the answer text:"
            + " boolean none(String answer) or, to see the prompt it answered, boolean none(String prompt, String answer)")
        .errorOn("boolean number(int", "@Check method number(int) must take the answer text, or the prompt and the answer text")
        .errorOn("boolean three(", "@Check method three(java.lang.String, java.lang.String, java.lang.String) must take")
        .errorOn("boolean mixed(", "@Check method mixed(int, java.lang.String) must take the answer text")
        .errorOn("String text(", "@Check method text() returns java.lang.String; make it boolean text(String answer) or,"
            + " to see the prompt it answered, boolean text(String prompt, String answer); return CheckResult instead")
        .errorOn("private boolean hidden", "@Check method hidden() is private; make it package-private")
        .errorCount(6);
  }

  @Test
  void aRegexThatDoesNotCompileAndAnEmptyJsonKeyAreErrors() {
    compiled("Demo",
        "@LlmBenchmark",
        "@ExpectRegex(\"(unclosed\")",
        "@ExpectJson(requiredKeys = {\"name\", \" \"})",
        "class Demo {",
        "  @Prompt String p = \"x\";",
        "}")
        .errorOn("@ExpectRegex", "@ExpectRegex(\"(unclosed\") does not compile as a java.util.regex.Pattern: Unclosed group")
        .errorOn("@ExpectJson", "@ExpectJson(requiredKeys) holds an empty key")
        .errorCount(2);
  }

  @Test
  void aSuccessRateBudgetNeedsACheck() {
    compiled("Demo",
        "@LlmBenchmark",
        "@Constraint(\"success_rate >= 95%\")",
        "class Demo {",
        "  @Prompt String p = \"x\";",
        "  @Prompt @Constraint(\"success_rate > 90%\") String q = \"y\";",
        "}")
        .errorOn("@Constraint(\"success_rate >= 95%\")", "\"success_rate >= 95%\": 'success_rate' counts the answers that"
            + " pass their checks, and this scenario declares none; add a check on every answer: @ExpectJson")
        .errorOn("String q", "\"success_rate > 90%\": 'success_rate' counts the answers that pass their checks")
        .errorCount(2);
    compiled("Checked",
        "@LlmBenchmark",
        "@ExpectRegex(\"yes\")",
        "@Constraint(\"success_rate >= 95%\")",
        "class Checked {",
        "  @Prompt String p = \"x\";",
        "}")
        .succeeded();
  }

  @Test
  void checksOutsideAScenarioHaveNoEffect() {
    compiled("Loose",
        "@ExpectRegex(\"yes\")",
        "class Loose {",
        "  @Check boolean ok(String answer) { return true; }",
        "}")
        .errorOn("@ExpectRegex", "@ExpectRegex on class Loose has no effect without @LlmBenchmark")
        .errorOn("@Check", "@Check on 'ok' in class Loose has no effect without @LlmBenchmark");
  }
}
