package dev.llmh.check;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.llmh.measure.CheckOutcome;
import dev.llmh.measure.ToolCall;
import dev.llmh.runner.CheckDeclaration;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code @ExpectToolCall}: the answer called {@code tool}, and that call's arguments, as streamed,
 * parse as one JSON object carrying every required key at its top level. Several calls of the tool
 * pass when one does; the reason of a failure is the first call's. What is measured is whether a
 * program could dispatch the call as it came: arguments cut short, or with text after the object,
 * fail. Arguments {@code fromPrompt} must moreover be strings the prompt holds as whole words.
 */
record ToolCallCheck(String tool, List<String> requiredArguments, List<String> fromPrompt) {

  CheckOutcome check(String prompt, String answer, List<ToolCall> calls) {
    List<ToolCall> named = calls.stream().filter(c -> tool.equals(c.name())).toList();
    if (named.isEmpty()) {
      return failed(calls.isEmpty() ? "no tool call (the answer was " + (answer == null || answer.isBlank() ? "empty"
          : "text: " + JsonCheck.quote(answer)) + ")"
          : "no call of " + tool + " (called: " + String.join(", ", calls.stream().map(c -> c.name() == null ? "a call with no name" : c.name()).toList()) + ")");
    }
    String firstReason = null;
    for (ToolCall call : named) {
      String reason = problem(call.arguments(), prompt);
      if (reason == null) {
        return new CheckOutcome(CheckDeclaration.TOOL_CALL, true, null);
      }
      firstReason = firstReason == null ? reason : firstReason;
    }
    return failed(tool + (named.size() > 1 ? " (" + named.size() + " calls, none well-formed; the first's)" : "") + ": " + firstReason);
  }

  /** What is wrong with the arguments, or null when they are an object carrying every required key. */
  private String problem(String arguments, String prompt) {
    if (arguments.isBlank()) {
      return "no arguments";
    }
    JsonNode node;
    try {
      node = JsonCheck.STRICT.readTree(arguments);
    } catch (JsonProcessingException e) {
      return "arguments not JSON: " + e.getOriginalMessage() + " (arguments " + JsonCheck.quote(arguments) + ")";
    }
    if (!node.isObject()) {
      return "arguments are a JSON " + node.getNodeType().name().toLowerCase(java.util.Locale.ROOT) + ", not an object";
    }
    List<String> missing = new ArrayList<>();
    for (String key : java.util.stream.Stream.concat(requiredArguments.stream(), fromPrompt.stream()).distinct().toList()) {
      if (!node.has(key)) {
        missing.add(key);
      }
    }
    if (!missing.isEmpty()) {
      return "arguments without the required key" + (missing.size() > 1 ? "s " : " ")
          + String.join(", ", missing) + " (its keys: " + String.join(", ", (Iterable<String>) node::fieldNames) + ")";
    }
    for (String key : fromPrompt) {
      JsonNode value = node.get(key);
      if (!value.isTextual() || !inPrompt(value.textValue(), prompt)) {
        return "argument " + key + " " + value + " is not a word of the prompt " + JsonCheck.quote(prompt == null ? "" : prompt);
      }
    }
    return null;
  }

  /** Whether {@code prompt} holds {@code value}, not as part of a longer word. */
  private static boolean inPrompt(String value, String prompt) {
    return prompt != null && !value.isBlank() && java.util.regex.Pattern.compile(
        "(?<![\\p{L}\\p{N}])" + java.util.regex.Pattern.quote(value) + "(?![\\p{L}\\p{N}])").matcher(prompt).find();
  }

  private static CheckOutcome failed(String reason) {
    return new CheckOutcome(CheckDeclaration.TOOL_CALL, false, reason);
  }
}
