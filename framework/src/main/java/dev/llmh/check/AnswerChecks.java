package dev.llmh.check;

import dev.llmh.annotations.CheckResult;
import dev.llmh.measure.CheckOutcome;
import dev.llmh.measure.ToolCall;
import dev.llmh.runner.CheckDeclaration;
import dev.llmh.runner.ScenarioRunner;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A case's checks on every measured answer, ready to run: the built-ins compiled once, the
 * {@code @Check} methods called through the generated runner (no reflection). Run after the request
 * has ended, on the thread that sent it; every check runs, so a sample says which passed and which
 * did not, and a check that throws is a failed check with the exception as its reason.
 */
public final class AnswerChecks {

  /** A case without checks. */
  public static final AnswerChecks NONE = new AnswerChecks(List.of(), List.of());

  /** One check of an answer: the prompt it answered, its text and the tool calls it made. */
  @FunctionalInterface
  private interface AnswerCheck {
    CheckOutcome check(String prompt, String answer, List<ToolCall> toolCalls);
  }

  private final List<String> names;
  private final List<AnswerCheck> checks;

  private AnswerChecks(List<String> names, List<AnswerCheck> checks) {
    this.names = List.copyOf(names);
    this.checks = List.copyOf(checks);
  }

  /** The runner's checks, {@code @Check} methods called with {@code paramValues} set on each new instance. */
  public static AnswerChecks of(ScenarioRunner runner, Map<String, String> paramValues) {
    List<String> names = new ArrayList<>();
    List<AnswerCheck> checks = new ArrayList<>();
    for (CheckDeclaration declared : runner.checks()) {
      names.add(declared.name());
      checks.add(switch (declared.kind()) {
        case JSON -> answerOnly(new JsonCheck(declared.requiredKeys())::check);
        case REGEX -> answerOnly(new RegexCheck(declared.pattern())::check);
        case METHOD -> (prompt, answer, toolCalls) ->
            method(declared.name(), () -> runner.check(declared.name(), paramValues, prompt, answer));
        case TOOL_CALL -> {
          ToolCallCheck toolCall = new ToolCallCheck(declared.tool(), declared.requiredKeys(), declared.fromPrompt());
          yield (prompt, answer, toolCalls) -> toolCall.check(prompt, answer, toolCalls);
        }
      });
    }
    return new AnswerChecks(names, checks);
  }

  private static AnswerCheck answerOnly(Function<String, CheckOutcome> check) {
    return (prompt, answer, toolCalls) -> check.apply(answer);
  }

  /** What a check method's call gives, or throws. */
  interface Call {
    CheckResult call() throws Exception;
  }

  static CheckOutcome method(String name, Call call) {
    try {
      CheckResult result = call.call();
      if (result == null) {
        return new CheckOutcome(name, false, "returned null instead of a CheckResult");
      }
      return new CheckOutcome(name, result.passed(), result.passed() ? null
          : result.reason() == null || result.reason().isBlank() ? "failed, giving no reason" : result.reason());
    } catch (Exception | LinkageError | AssertionError e) {
      return new CheckOutcome(name, false, "threw " + e);
    }
  }

  /** The checks' names in declaration order: empty when none is declared. */
  public List<String> names() {
    return names;
  }

  public boolean isEmpty() {
    return checks.isEmpty();
  }

  /**
   * Every check on {@code answer} to {@code prompt} and the tool calls it made, in declaration order;
   * a null answer (no text kept) fails each, saying so.
   */
  public List<CheckOutcome> run(String prompt, String answer, List<ToolCall> toolCalls) {
    List<CheckOutcome> outcomes = new ArrayList<>(checks.size());
    for (int i = 0; i < checks.size(); i++) {
      outcomes.add(answer == null ? new CheckOutcome(names.get(i), false, "no answer text was kept for this request")
          : checks.get(i).check(prompt, answer, toolCalls));
    }
    return outcomes;
  }
}
