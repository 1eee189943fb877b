package dev.llmh.processor.generator;

import dev.llmh.runner.CompareDeclaration;
import dev.llmh.runner.JudgeDeclaration;
import dev.llmh.runner.ResponseFormatDeclaration;
import dev.llmh.runner.ScenarioRunner;
import dev.llmh.runner.ToolResultDeclaration;
import java.util.List;

/**
 * A validated scenario class, everything the runner needs and nothing javac-specific.
 *
 * @param packageName the scenario's package, empty for the unnamed package
 * @param binaryName e.g. {@code com.x.Outer$Inner}: what the engine looks the runner up by
 * @param sourceName e.g. {@code com.x.Outer.Inner}: how generated code names the type
 * @param systemPrompt the {@code @SystemPrompt} member, read as a prompt is; null when there is none
 * @param requests what every request carries besides its messages
 * @param grading what judges the answers
 */
public record ScenarioModel(
    String packageName, String binaryName, String sourceName, List<PromptModel> prompts, List<ParamModel> params,
    PromptModel systemPrompt, Requests requests, Grading grading) {

  public ScenarioModel {
    prompts = List.copyOf(prompts);
    params = List.copyOf(params);
  }

  /**
   * What every request of the scenario carries besides its messages.
   *
   * @param toolsFile the {@code @Tools} file's path on the test classpath, or null when none is offered
   * @param toolResult the conversation's {@code @ToolResult}, or null
   * @param responseFormat the {@code @ResponseFormat}, or null when there is none
   * @param server the {@code @Server}, or null when there is none
   */
  public record Requests(
      String toolsFile, ToolResultDeclaration toolResult, ResponseFormatDeclaration responseFormat, dev.llmh.runner.ServerDeclaration server) {}

  /**
   * What judges the scenario's answers.
   *
   * @param checks the checks on every answer, built-ins first
   * @param judge {@code @Judge}, or null when the scenario has none
   * @param compare the {@code @Compare}, or null when there is none
   */
  public record Grading(List<CheckModel> checks, JudgeDeclaration judge, CompareDeclaration compare) {
    public Grading {
      checks = List.copyOf(checks);
    }
  }

  /** The runner's fully qualified name, from the one rule the engine also uses. */
  public String runnerQualifiedName() {
    return ScenarioRunner.runnerClassName(binaryName);
  }

  public String runnerSimpleName() {
    String qualified = runnerQualifiedName();
    return qualified.substring(qualified.lastIndexOf('.') + 1);
  }
}
