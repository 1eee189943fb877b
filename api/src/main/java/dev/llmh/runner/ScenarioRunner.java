package dev.llmh.runner;

import java.util.List;
import java.util.Map;

/**
 * What the annotation processor generates for each {@code @LlmBenchmark} class: the scenario's
 * declarations, read at compile time, and access to its prompts without reflection.
 */
public interface ScenarioRunner {

  /** Suffix of the generated class, which sits in the scenario's package. */
  String RUNNER_SUFFIX = "_LlmhRunner";

  /** Binary name of the scenario class, e.g. {@code com.example.Outer$Inner}. */
  String scenarioClassName();

  /** The prompts in declaration order, each with its class defaults already merged in. */
  List<PromptDeclaration> prompts();

  /** The {@code @Param} fields in declaration order. */
  List<ParamDeclaration> params();

  /**
   * Creates a scenario instance, sets its {@code @Param} fields from {@code paramValues} (one value
   * for every declared param) and reads the prompt named {@code promptName}.
   */
  String prompt(String promptName, Map<String, String> paramValues);

  /**
   * The user message of turn {@code turn} (from 1) of a {@code @Conversation} prompt: a new scenario
   * instance with its {@code @Param} fields set, asked {@code next(turn)}. Runners of scenarios
   * without a conversation do not override it.
   */
  default String prompt(String promptName, Map<String, String> paramValues, int turn) {
    throw new IllegalArgumentException("prompt '" + promptName + "' of " + scenarioClassName() + " is not a @Conversation prompt");
  }

  /**
   * Creates a scenario instance, sets its {@code @Param} fields from {@code paramValues} and reads
   * its {@code @SystemPrompt}; null when the scenario has none (and from runners generated before
   * system prompts existed).
   */
  default String systemPrompt(Map<String, String> paramValues) {
    return null;
  }

  /**
   * The scenario's checks on every measured answer ({@code @Check} methods, {@code @ExpectJson},
   * {@code @ExpectRegex}) in declaration order, built-ins first; empty when it has none (and from
   * runners generated before checks existed).
   */
  default List<CheckDeclaration> checks() {
    return List.of();
  }

  /**
   * The {@code @Tools} file's path on the test classpath, offered with every request; null when the
   * scenario declares none (and from runners generated before tools existed).
   */
  default String toolsFile() {
    return null;
  }

  /** The conversation's {@code @ToolResult}; null when it has none (and from runners generated before tool results existed). */
  default ToolResultDeclaration toolResult() {
    return null;
  }

  /**
   * Calls the {@code @Check} method {@code name} directly on a new scenario instance with its
   * {@code @Param} fields set from {@code paramValues}, with the answer, and the prompt it answered
   * when the method takes it; whatever the method throws is thrown on, for the caller to record as a
   * failed check.
   */
  default dev.llmh.annotations.CheckResult check(String name, Map<String, String> paramValues, String prompt, String answer)
      throws Exception {
    throw new IllegalArgumentException("no @Check method '" + name + "' in " + scenarioClassName());
  }

  /** The scenario's {@code @Judge}, or null when it has none (and from runners generated before judging existed). */
  default JudgeDeclaration judge() {
    return null;
  }

  /**
   * The scenario's {@code @ResponseFormat} (on the class or the nearest base class declaring it), or
   * null when it has none (and from runners generated before response formats existed).
   */
  default ResponseFormatDeclaration responseFormat() {
    return null;
  }

  /** The {@code @Server} LLMH starts for the cases; null when it has none (and from runners generated before it existed). */
  default ServerDeclaration server() {
    return null;
  }

  /**
   * The scenario's {@code @Compare} (on the class or the nearest base class declaring it), or null
   * when it has none (and from runners generated before comparisons existed).
   */
  default CompareDeclaration compare() {
    return null;
  }

  /**
   * The generated runner's binary name for a scenario class: {@code com.example.Outer$Inner} gives
   * {@code com.example.Outer_Inner_LlmhRunner}.
   */
  static String runnerClassName(String scenarioBinaryName) {
    int dot = scenarioBinaryName.lastIndexOf('.');
    String pkg = dot < 0 ? "" : scenarioBinaryName.substring(0, dot + 1);
    String simple = scenarioBinaryName.substring(dot + 1).replace('$', '_');
    return pkg + simple + RUNNER_SUFFIX;
  }
}
