package dev.llmh.check;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmh.measure.CheckOutcome;
import dev.llmh.runner.CheckDeclaration;
import java.util.List;

/**
 * {@code @ExpectJson}: the whole answer, less surrounding whitespace, is one JSON object carrying
 * every required key at its top level. Text after the object (a second object, a closing remark)
 * fails it, as does a code fence around it: what is measured is whether a program could read the
 * answer as it came.
 */
record JsonCheck(List<String> requiredKeys) {

  static final ObjectMapper STRICT = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
  /** How much of the answer a reason quotes: enough to see what came instead. */
  private static final int QUOTED = 60;

  CheckOutcome check(String answer) {
    if (answer.isBlank()) {
      return failed("the answer is empty");
    }
    try {
      return check(STRICT.readTree(answer));
    } catch (JsonProcessingException e) {
      String where = e.getLocation() == null ? ""
          : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
      return failed("not JSON: " + e.getOriginalMessage() + where + " (answer starts " + quote(answer) + ")");
    }
  }

  private CheckOutcome check(JsonNode node) {
    if (!node.isObject()) {
      return failed("a JSON " + node.getNodeType().name().toLowerCase(java.util.Locale.ROOT) + ", not an object");
    }
    List<String> missing = requiredKeys.stream().filter(key -> !node.has(key)).toList();
    return missing.isEmpty() ? new CheckOutcome(CheckDeclaration.JSON, true, null)
        : failed("a JSON object without the required key" + (missing.size() > 1 ? "s " : " ") + String.join(", ", missing)
            + " (its keys: " + String.join(", ", (Iterable<String>) node::fieldNames) + ")");
  }

  private static CheckOutcome failed(String reason) {
    return new CheckOutcome(CheckDeclaration.JSON, false, reason);
  }

  static String quote(String answer) {
    String head = answer.strip();
    return "\"" + (head.length() > QUOTED ? head.substring(0, QUOTED) + "…" : head) + "\"";
  }
}
