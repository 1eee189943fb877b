package dev.llmh.processor.generator;

import dev.llmh.runner.ScenarioRunner;
import java.util.List;

/**
 * A validated scenario class, everything the runner needs and nothing javac-specific.
 *
 * @param packageName the scenario's package, empty for the unnamed package
 * @param binaryName e.g. {@code com.x.Outer$Inner}: what the engine looks the runner up by
 * @param sourceName e.g. {@code com.x.Outer.Inner}: how generated code names the type
 * @param systemPrompt the {@code @SystemPrompt} member, read as a prompt is; null when there is none
 * @param checks the checks on every answer, built-ins first
 * @param toolsFile the {@code @Tools} file's path on the test classpath, or null when none is offered
 * @param toolResult the conversation's {@code @ToolResult}, or null
 * @param judge {@code @Judge}, or null when the scenario has none
 * @param responseFormat the {@code @ResponseFormat}, or null when there is none
 * @param compare the {@code @Compare}, or null when there is none
 */
public record ScenarioModel(
    String packageName, String binaryName, String sourceName, List<PromptModel> prompts, List<ParamModel> params,
    PromptModel systemPrompt, List<CheckModel> checks, String toolsFile, dev.llmh.runner.ToolResultDeclaration toolResult,
    dev.llmh.runner.JudgeDeclaration judge, dev.llmh.runner.ResponseFormatDeclaration responseFormat,
    dev.llmh.runner.CompareDeclaration compare) {

  public ScenarioModel {
    prompts = List.copyOf(prompts);
    params = List.copyOf(params);
    checks = List.copyOf(checks);
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
