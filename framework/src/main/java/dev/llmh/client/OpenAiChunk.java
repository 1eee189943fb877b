package dev.llmh.client;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The fields LLMH reads from one OpenAI streaming chunk, pulled off Jackson's streaming parser
 * without building a tree. Every chunk of every stream passes here while streams are being timed:
 * a tree per chunk was most of the garbage a long run left, and the collector's pauses fall inside
 * the measured window. Fields it does not read are skipped; a text field counts when it is a
 * non-empty string.
 */
final class OpenAiChunk {
  private static final ObjectMapper MAPPER = HttpProtocolClient.MAPPER;

  /** The {@code error} value as JSON, when the chunk reports one. */
  String error;
  String model;
  /** {@code choices[0].delta.content}, {@code choices[0].text} (legacy completions). */
  String content;
  String text;
  /** {@code choices[0].delta.reasoning_content} (DeepSeek, vLLM) and {@code .reasoning} (others). */
  String reasoningContent;
  String reasoning;
  String finishReason;
  Integer promptTokens;
  Integer completionTokens;
  Integer reasoningTokens;
  /** {@code usage.prompt_tokens_details.cached_tokens}: prompt tokens the server took from its cache (OpenAI, vLLM). */
  Integer cachedTokens;
  /** {@code choices[0].delta.tool_calls}, one piece per call; null when the chunk carries none (most do not). */
  java.util.List<ToolDelta> toolCalls;
  /** llama.cpp's own figures ({@code timings}: prompt_ms, predicted_ms...), numbers only; null when absent. */
  Map<String, Double> timings;

  private final JsonParser p;

  private OpenAiChunk(JsonParser parser) {
    this.p = parser;
  }

  /** Reads one chunk; throws when it is not well-formed JSON. */
  static OpenAiChunk read(String json) throws IOException {
    byte[] bytes = json.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    return read(bytes, 0, bytes.length);
  }

  /** Reads one chunk of UTF-8 JSON from {@code json[offset, offset + length)}, as it came off the wire. */
  static OpenAiChunk read(byte[] json, int offset, int length) throws IOException {
    try (JsonParser parser = MAPPER.createParser(json, offset, length)) {
      OpenAiChunk chunk = new OpenAiChunk(parser);
      chunk.fields(parser.nextToken(), chunk::root);
      return chunk;
    }
  }

  /** What one field of an object does with its value, which it must consume (skip it if unwanted). */
  @FunctionalInterface
  private interface Field {
    void read(String name, JsonToken value) throws IOException;
  }

  /** Each field of the object whose start is {@code value}, to {@code field}; any other value is skipped. */
  private void fields(JsonToken value, Field field) throws IOException {
    if (value != JsonToken.START_OBJECT) {
      p.skipChildren();
      return;
    }
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String name = p.currentName();
      field.read(name, p.nextToken());
    }
  }

  private void root(String name, JsonToken value) throws IOException {
    switch (name) {
      case "error" -> error = value == JsonToken.VALUE_NULL ? null : MAPPER.readTree(p).toString();
      case "model" -> model = scalar(p, value);
      case "choices" -> choices(value);
      case "usage" -> fields(value, this::usage);
      case "timings" -> {
        timings = value == JsonToken.START_OBJECT ? new LinkedHashMap<>() : null;
        fields(value, this::timing);
      }
      default -> p.skipChildren();
    }
  }

  /** The first choice is read; the others (n > 1 is never asked for) are skipped. */
  private void choices(JsonToken value) throws IOException {
    if (value != JsonToken.START_ARRAY) {
      p.skipChildren();
      return;
    }
    boolean first = true;
    for (JsonToken element = p.nextToken(); element != null && element != JsonToken.END_ARRAY; element = p.nextToken()) {
      if (first) {
        fields(element, this::choice);
      } else {
        p.skipChildren();
      }
      first = false;
    }
  }

  private void choice(String name, JsonToken value) throws IOException {
    switch (name) {
      case "delta" -> fields(value, this::delta);
      case "text" -> text = text(p, value);
      case "finish_reason" -> finishReason = scalar(p, value);
      default -> p.skipChildren();
    }
  }

  /** Every field of a delta that LLMH reads is text, but its tool calls: read each as such, keep the three that matter. */
  private void delta(String name, JsonToken value) throws IOException {
    if (name.equals("tool_calls")) {
      toolCalls = ToolPieces.read(p, value);
      return;
    }
    String read = text(p, value);
    switch (name) {
      case "content" -> content = read;
      case "reasoning_content" -> reasoningContent = read;
      case "reasoning" -> reasoning = read;
      default -> { } // role, tool_calls...: read past
    }
  }

  private void usage(String name, JsonToken value) throws IOException {
    switch (name) {
      case "prompt_tokens" -> promptTokens = integer(p, value);
      case "completion_tokens" -> completionTokens = integer(p, value);
      case "completion_tokens_details" -> fields(value, (detail, token) -> {
        if (detail.equals("reasoning_tokens")) {
          reasoningTokens = integer(p, token);
        } else {
          p.skipChildren();
        }
      });
      case "prompt_tokens_details" -> fields(value, (detail, token) -> {
        if (detail.equals("cached_tokens")) {
          cachedTokens = integer(p, token);
        } else {
          p.skipChildren();
        }
      });
      default -> p.skipChildren();
    }
  }

  private void timing(String name, JsonToken value) throws IOException {
    if (value.isNumeric()) {
      timings.put(name, p.getDoubleValue());
    } else {
      p.skipChildren();
    }
  }

  /** A non-empty string, else null. */
  private static String text(JsonParser p, JsonToken token) throws IOException {
    if (token == JsonToken.VALUE_STRING) {
      String value = p.getText();
      return value.isEmpty() ? null : value;
    }
    p.skipChildren();
    return null;
  }

  /** A scalar as text (a number's digits), else null. */
  private static String scalar(JsonParser p, JsonToken token) throws IOException {
    if (token.isScalarValue() && token != JsonToken.VALUE_NULL) {
      return p.getValueAsString();
    }
    p.skipChildren();
    return null;
  }

  /** A number, or a string of digits, as an int; else null. */
  private static Integer integer(JsonParser p, JsonToken token) throws IOException {
    if (token.isNumeric() || token == JsonToken.VALUE_STRING) {
      return p.getValueAsInt(0);
    }
    p.skipChildren();
    return null;
  }
}
