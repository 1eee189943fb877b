package dev.llmh.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.annotations.CheckResult;
import dev.llmh.measure.CheckOutcome;
import dev.llmh.runner.CheckDeclaration;
import dev.llmh.runner.ParamDeclaration;
import dev.llmh.runner.PromptDeclaration;
import dev.llmh.runner.ScenarioRunner;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The built-in checks on answers of known validity, and what a check method's outcomes are recorded as. */
class AnswerChecksTest {
  private static final JsonCheck NAME_YEAR = new JsonCheck(List.of("name", "year"));

  @Test
  void jsonIsTheWholeAnswerAsAnObjectWithTheRequiredKeys() {
    assertThat(NAME_YEAR.check("{\"name\": \"Ada\", \"year\": 1815}")).isEqualTo(new CheckOutcome("ExpectJson", true, null));
    assertThat(NAME_YEAR.check("\n  {\"year\": 1815, \"name\": null, \"extra\": [1]}  \n").passed()).isTrue();

    assertThat(NAME_YEAR.check("{\"name\": \"Ada\"}").reason())
        .isEqualTo("a JSON object without the required key year (its keys: name)");
    assertThat(NAME_YEAR.check("{}").reason()).isEqualTo("a JSON object without the required keys name, year (its keys: )");
    assertThat(NAME_YEAR.check("[{\"name\": \"Ada\", \"year\": 1815}]").reason()).isEqualTo("a JSON array, not an object");
    assertThat(NAME_YEAR.check("42").reason()).isEqualTo("a JSON number, not an object");
    assertThat(NAME_YEAR.check("   ").reason()).isEqualTo("the answer is empty");
    // truncated (max_tokens cut it), fenced, or followed by prose: not what a program could read as it came
    assertThat(NAME_YEAR.check("{\"name\": \"Ada\", \"ye").reason()).startsWith("not JSON: ");
    assertThat(NAME_YEAR.check("```json\n{\"name\": \"Ada\", \"year\": 1815}\n```").reason())
        .startsWith("not JSON: ").contains("(answer starts \"```json");
    assertThat(NAME_YEAR.check("{\"name\": \"Ada\", \"year\": 1815} Hope this helps!").reason()).startsWith("not JSON: ");
    assertThat(NAME_YEAR.check("{\"name\": \"Ada\", \"year\": 1815}{\"name\": \"Bob\", \"year\": 1}").passed()).isFalse();
  }

  @Test
  void aRegexIsFoundAnywhereUnlessAnchored() {
    RegexCheck year = new RegexCheck("\\d{4}");
    assertThat(year.check("born in 1815, in London").passed()).isTrue();
    assertThat(year.check("born in the 19th century")).isEqualTo(new CheckOutcome("ExpectRegex", false, "/\\d{4}/ not found in the answer"));
    RegexCheck whole = new RegexCheck("(?s)^\\s*\\d{4}\\s*$");
    assertThat(whole.check(" 1815\n").passed()).isTrue();
    assertThat(whole.check("1815 it was").passed()).isFalse();
  }

  /** A runner as generated for a scenario with both built-ins and three check methods. */
  private static final class Runner implements ScenarioRunner {
    @Override public String scenarioClassName() { return "demo.Graded"; }
    @Override public List<PromptDeclaration> prompts() { return List.of(); }
    @Override public List<ParamDeclaration> params() { return List.of(); }
    @Override public String prompt(String promptName, Map<String, String> paramValues) { return "x"; }

    @Override
    public List<CheckDeclaration> checks() {
      return List.of(CheckDeclaration.json(List.of("name")), CheckDeclaration.regex("Ada"), CheckDeclaration.method("short"),
          CheckDeclaration.method("throws"), CheckDeclaration.method("silent"), CheckDeclaration.method("echoes"));
    }

    @Override
    public CheckResult check(String name, Map<String, String> paramValues, String prompt, String answer) throws Exception {
      return switch (name) {
        case "echoes" -> CheckResult.of(answer.contains(prompt));
        case "short" -> CheckResult.of(answer.length() <= Integer.parseInt(paramValues.get("limit")));
        case "throws" -> {
          if (answer.contains("boom")) {
            throw new java.io.IOException("disk full");
          }
          yield CheckResult.pass();
        }
        case "silent" -> answer.contains("null") ? null : CheckResult.pass();
        default -> throw new IllegalArgumentException(name);
      };
    }
  }

  @Test
  void everyCheckRunsAndAThrowingOneIsAFailedCheckWithTheException() {
    AnswerChecks checks = AnswerChecks.of(new Runner(), Map.of("limit", "20"));
    assertThat(checks.names()).containsExactly("ExpectJson", "ExpectRegex", "short", "throws", "silent", "echoes");
    assertThat(checks.run("Ada", "{\"name\": \"Ada\"}", List.of())).allMatch(CheckOutcome::passed).hasSize(6);

    List<CheckOutcome> boom = checks.run("Ada", "{\"name\": \"Ada boom\"}", List.of());
    assertThat(boom).extracting(CheckOutcome::passed).containsExactly(true, true, true, false, true, true);
    assertThat(boom.get(3)).isEqualTo(new CheckOutcome("throws", false, "threw java.io.IOException: disk full"));

    List<CheckOutcome> bad = checks.run("Grace", "Ada said null, at great length", List.of());
    assertThat(bad).extracting(CheckOutcome::passed).containsExactly(false, true, false, true, false, false);
    assertThat(bad.get(2).reason()).isEqualTo("returned false");
    assertThat(bad.get(4).reason()).isEqualTo("returned null instead of a CheckResult");

    assertThat(checks.run("Ada", null, List.of())).extracting(CheckOutcome::reason).containsOnly("no answer text was kept for this request");
    assertThat(AnswerChecks.NONE.isEmpty()).isTrue();
  }
}
