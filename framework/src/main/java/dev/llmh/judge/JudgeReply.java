package dev.llmh.judge;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmh.client.JsonOutput;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A judge's reply read strictly: the whole reply, less surrounding whitespace and less one code
 * fence around all of it (a model that ignores the response format often fences its JSON), is one
 * JSON object whose {@code score} is a whole number from 1 to 5 and whose {@code rationale} is a
 * non-blank string. Anything else — prose around the object or the fence, two objects, 4.5, "5", a 6
 * — is a failure with its reason, never a score: a lenient reading would turn a judge's noise into
 * figures. The judge is
 * asked for this shape as a response format ({@link #FORMAT}), so a server that honours one can only
 * send a reply that parses, its score on the scale.
 *
 * @param score 1–5, or null when the reply failed
 * @param rationale the judge's reason, or null when the reply failed
 * @param failure why the reply is not a score, or null
 */
public record JudgeReply(Integer score, String rationale, String failure) {
  public static final int LOWEST = 1;
  public static final int HIGHEST = 5;
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

  /**
   * The reply as a JSON Schema: a whole score from 1 to 5 (an enum, which OpenAI's strict mode and
   * llama.cpp's grammars both take) and a rationale, nothing else.
   */
  public static final JsonOutput FORMAT = new JsonOutput("judge_reply", schema());

  private static ObjectNode schema() {
    ObjectNode schema = JSON.createObjectNode().put("type", "object");
    ObjectNode properties = schema.putObject("properties");
    ObjectNode score = properties.putObject("score").put("type", "integer");
    for (int s = LOWEST; s <= HIGHEST; s++) {
      score.withArray("enum").add(s);
    }
    properties.putObject("rationale").put("type", "string");
    schema.putArray("required").add("score").add("rationale");
    return schema.put("additionalProperties", false);
  }

  /** One fence, an optional language tag, and only its content: nothing before or after, no fence inside. */
  private static final Pattern FENCED = Pattern.compile("(?s)```[a-zA-Z]*\\s*((?:(?!```).)*)```");

  public static JudgeReply failed(String reason) {
    return new JudgeReply(null, null, reason);
  }

  public boolean scored() {
    return failure == null;
  }

  public static JudgeReply parse(String reply) {
    String text = unfenced(reply == null ? "" : reply.strip());
    if (text.isEmpty()) {
      return failed("unparseable judge reply: empty");
    }
    JsonNode node;
    try {
      node = JSON.readTree(text);
    } catch (JsonProcessingException e) {
      return failed("unparseable judge reply: not one JSON object: " + excerpt(text));
    }
    if (node == null || !node.isObject()) {
      return failed("unparseable judge reply: not a JSON object: " + excerpt(text));
    }
    JsonNode score = node.get("score");
    if (score == null || !score.isIntegralNumber()) {
      return failed("unparseable judge reply: \"score\" is " + (score == null ? "missing" : "not a whole number (" + score + ")")
          + ": " + excerpt(text));
    }
    if (!score.canConvertToInt() || score.intValue() < LOWEST || score.intValue() > HIGHEST) {
      return failed("judge score out of range " + LOWEST + "-" + HIGHEST + ": " + score);
    }
    JsonNode rationale = node.get("rationale");
    if (rationale == null || !rationale.isTextual() || rationale.textValue().isBlank()) {
      return failed("unparseable judge reply: \"rationale\" is " + (rationale == null ? "missing" : "not a non-blank string")
          + ": " + excerpt(text));
    }
    return new JudgeReply(score.intValue(), rationale.textValue().strip(), null);
  }

  /** {@code text} without a code fence around all of it (```json ... ```), or as it is. */
  private static String unfenced(String text) {
    Matcher fenced = FENCED.matcher(text);
    return fenced.matches() ? fenced.group(1).strip() : text;
  }

  /** The start of a reply, enough for a person to see what came instead of a score. */
  private static String excerpt(String text) {
    String line = text.replaceAll("\\s+", " ");
    return line.length() <= 80 ? line : line.substring(0, 80) + "…";
  }
}
