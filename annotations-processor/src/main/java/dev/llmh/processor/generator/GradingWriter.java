package dev.llmh.processor.generator;

import static dev.llmh.processor.generator.JavaLiterals.string;
import static dev.llmh.processor.generator.JavaLiterals.stringList;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Writes the runner's methods that judge answers: its checks, its {@code @Judge} and its
 * {@code @Compare}, each only for a scenario that declares it.
 */
final class GradingWriter {

  private GradingWriter() {}

  /**
   * {@code checks()} declaring every check, and {@code check(...)} calling each {@code @Check} method
   * directly; runners of scenarios without checks keep the interface's defaults.
   */
  static void writeCheckMethods(ScenarioModel scenario, StringBuilder out) {
    List<CheckModel> checks = scenario.grading().checks();
    if (checks.isEmpty()) {
      return;
    }
    out.append("\n  private static final java.util.List<dev.llmh.runner.CheckDeclaration> CHECKS =\n")
        .append("      java.util.List.of(")
        .append(checks.stream().map(c -> "\n          " + checkDeclaration(c)).collect(Collectors.joining(",")))
        .append(");\n\n");
    out.append("  @Override\n  public java.util.List<dev.llmh.runner.CheckDeclaration> checks() {\n")
        .append("    return CHECKS;\n  }\n");
    List<CheckModel> methods = checks.stream().filter(CheckModel::method).toList();
    if (methods.isEmpty()) {
      return;
    }
    out.append("\n  @Override\n")
        .append("  public dev.llmh.annotations.CheckResult check(String name, java.util.Map<String, String> paramValues,")
        .append(" String prompt, String answer) throws Exception {\n");
    RunnerWriter.writeInstance(scenario, out);
    out.append("    switch (name) {\n");
    for (CheckModel check : methods) {
      String call = (check.isStatic() ? scenario.sourceName() : "scenario$") + "." + check.declaration().name()
          + (check.takesPrompt() ? "(prompt, answer)" : "(answer)");
      out.append("      case ").append(string(check.declaration().name())).append(":\n")
          .append("        return ").append(check.returnsBoolean() ? "dev.llmh.annotations.CheckResult.of(" + call + ")" : call)
          .append(";\n");
    }
    out.append("      default:\n")
        .append("        throw new IllegalArgumentException(").append(string("no @Check method '")).append(" + name + ")
        .append(string("' in " + scenario.binaryName())).append(");\n")
        .append("    }\n")
        .append("  }\n");
  }

  /** {@code judge()} returning the scenario's {@code @Judge}; runners of scenarios without one keep the default. */
  static void writeJudgeMethod(ScenarioModel scenario, StringBuilder out) {
    dev.llmh.runner.JudgeDeclaration judge = scenario.grading().judge();
    if (judge != null) {
      writeDeclaration(out, "judge", "dev.llmh.runner.JudgeDeclaration", string(judge.model()), string(judge.rubric()),
          string(judge.endpoint()), String.valueOf(judge.maxTokens()));
    }
  }

  /** {@code compare()}, only for a scenario with a {@code @Compare}. */
  static void writeCompareMethod(ScenarioModel scenario, StringBuilder out) {
    dev.llmh.runner.CompareDeclaration compare = scenario.grading().compare();
    if (compare != null) {
      writeDeclaration(out, "compare", "dev.llmh.runner.CompareDeclaration", string(compare.reference()),
          string(compare.endpoint()), String.valueOf(compare.topK()), String.valueOf(compare.tokens()),
          string(compare.text()));
    }
  }

  /** An override of {@code method()} returning a new {@code type} built from the Java expressions {@code arguments}. */
  private static void writeDeclaration(StringBuilder out, String method, String type, String... arguments) {
    out.append("\n  @Override\n  public ").append(type).append(' ').append(method).append("() {\n")
        .append("    return new ").append(type).append('(').append(String.join(", ", arguments)).append(");\n  }\n");
  }

  private static String checkDeclaration(CheckModel check) {
    return switch (check.declaration().kind()) {
      case METHOD -> "dev.llmh.runner.CheckDeclaration.method(" + string(check.declaration().name()) + ")";
      case JSON -> "dev.llmh.runner.CheckDeclaration.json(" + stringList(check.declaration().requiredKeys()) + ")";
      case REGEX -> "dev.llmh.runner.CheckDeclaration.regex(" + string(check.declaration().pattern()) + ")";
      case TOOL_CALL -> "dev.llmh.runner.CheckDeclaration.toolCall(" + string(check.declaration().tool()) + ", "
          + stringList(check.declaration().requiredKeys()) + ", " + stringList(check.declaration().fromPrompt()) + ")";
    };
  }
}
