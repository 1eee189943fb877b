package dev.llmh.processor;

import static dev.llmh.processor.CompiledScenario.compiled;
import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.runner.JudgeDeclaration;
import dev.llmh.runner.ScenarioRunner;
import org.junit.jupiter.api.Test;

/** {@code @Judge}: what the runner declares, and each mistake a compile error on the element naming the fix. */
class JudgeProcessingTest {

  @Test
  void theRunnerDeclaresTheJudgeAndAScoreBudgetTakesDecimals() throws Exception {
    ScenarioRunner runner = compiled("Judged",
        "@LlmBenchmark",
        "@Judge(model = \"qwen2.5:14b-instruct\", rubric = \"correct and \\\"concise\\\"\")",
        "@Constraint(\"judge_score >= 3.5\")",
        "public class Judged {",
        "  @Prompt String p = \"x\";",
        "}")
        .succeeded()
        .runner("Judged");
    assertThat(runner.judge()).isEqualTo(new JudgeDeclaration("qwen2.5:14b-instruct", "correct and \"concise\"", null, 256));
  }

  @Test
  void aBlankRubricCredentialsInTheUrlAndTooFewTokensAreErrors() {
    compiled("Demo",
        "@LlmBenchmark",
        "@Judge(rubric = \" \", endpoint = \"http://user:secret@judge:8000/v1\", maxTokens = 4)",
        "class Demo {",
        "  @Prompt String p = \"x\";",
        "}")
        .errorOn("@Judge", "@Judge(rubric) is blank")
        .errorOn("@Judge", "@Judge(endpoint) carries user:password@")
        .errorOn("@Judge", "@Judge(maxTokens = 4) leaves no room for a score and a rationale")
        .errorCount(3);
  }

  @Test
  void aJudgeScoreBudgetNeedsAJudge() {
    compiled("Demo",
        "@LlmBenchmark",
        "@Constraint(\"judge_score >= 3.5\")",
        "class Demo {",
        "  @Prompt String p = \"x\";",
        "  @Prompt @Constraint(\"judge_score > 4\") String q = \"y\";",
        "}")
        .errorOn("@Constraint(\"judge_score >= 3.5\")", "\"judge_score >= 3.5\": 'judge_score' is the judge's mean score of"
            + " the answers, and this scenario declares no judge; add @Judge(model = \"...\", rubric = \"...\") on the class")
        .errorOn("@Constraint(\"judge_score > 4\")", "\"judge_score > 4\": 'judge_score' is the judge's mean score")
        .errorCount(2);
  }
}
