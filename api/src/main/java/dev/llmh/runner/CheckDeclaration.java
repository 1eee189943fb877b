package dev.llmh.runner;

import java.util.List;

/**
 * One check declared on a scenario, as the processor read it.
 *
 * @param name the {@code @Check} method's name, or {@link #JSON} / {@link #REGEX} for the built-ins
 * @param kind which of the three it is
 * @param requiredKeys {@code @ExpectJson(requiredKeys)}; empty for the other kinds
 * @param pattern {@code @ExpectRegex}'s pattern, which the processor has compiled; null for the other kinds
 * @param tool {@code @ExpectToolCall}'s function name, whose arguments must carry {@code requiredKeys}; null
 *     for the other kinds
 * @param fromPrompt {@code @ExpectToolCall(argumentsFromPrompt)}: arguments whose value the prompt must hold;
 *     empty for the other kinds
 */
public record CheckDeclaration(String name, Kind kind, List<String> requiredKeys, String pattern, String tool,
    List<String> fromPrompt) {

  public static final String JSON = "ExpectJson";
  public static final String REGEX = "ExpectRegex";
  public static final String TOOL_CALL = "ExpectToolCall";

  public enum Kind {
    /** A {@code @Check} method, called through {@link ScenarioRunner#check}. */
    METHOD,
    JSON,
    REGEX,
    /** {@code @ExpectToolCall}: reads the answer's tool calls, not its text. */
    TOOL_CALL
  }

  public CheckDeclaration {
    requiredKeys = requiredKeys == null ? List.of() : List.copyOf(requiredKeys);
    fromPrompt = fromPrompt == null ? List.of() : List.copyOf(fromPrompt);
  }

  public static CheckDeclaration method(String name) {
    return new CheckDeclaration(name, Kind.METHOD, List.of(), null, null, List.of());
  }

  public static CheckDeclaration json(List<String> requiredKeys) {
    return new CheckDeclaration(JSON, Kind.JSON, requiredKeys, null, null, List.of());
  }

  public static CheckDeclaration regex(String pattern) {
    return new CheckDeclaration(REGEX, Kind.REGEX, List.of(), pattern, null, List.of());
  }

  public static CheckDeclaration toolCall(String tool, List<String> requiredArguments) {
    return toolCall(tool, requiredArguments, List.of());
  }

  public static CheckDeclaration toolCall(String tool, List<String> requiredArguments, List<String> fromPrompt) {
    return new CheckDeclaration(TOOL_CALL, Kind.TOOL_CALL, requiredArguments, null, tool, fromPrompt);
  }
}
