package dev.llmh.client;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;

/**
 * Reads an OpenAI {@code delta.tool_calls} array off the streaming parser, as {@link OpenAiChunk}
 * reads the rest of its chunk: {@code [{"index": 0, "id": "call_1", "type": "function", "function":
 * {"name": "get_weather", "arguments": "{\"ci"}}]}, any field but these skipped. A server that sends
 * the arguments as an object rather than text (some do) has it kept as its JSON.
 */
final class ToolPieces {
  private final JsonParser p;
  private Integer index;
  private String id;
  private String name;
  private String arguments;

  private ToolPieces(JsonParser parser) {
    this.p = parser;
  }

  /** The array whose start is {@code value} into {@code chunk.toolCalls}; anything else is skipped. */
  static void read(JsonParser parser, JsonToken value, OpenAiChunk chunk) throws IOException {
    if (value != JsonToken.START_ARRAY) {
      parser.skipChildren();
      return;
    }
    for (JsonToken element = parser.nextToken(); element != null && element != JsonToken.END_ARRAY; element = parser.nextToken()) {
      if (element != JsonToken.START_OBJECT) {
        parser.skipChildren();
        continue;
      }
      ToolPieces piece = new ToolPieces(parser);
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        String field = parser.currentName();
        piece.call(field, parser.nextToken());
      }
      if (chunk.toolCalls == null) {
        chunk.toolCalls = new ArrayList<>(1);
      }
      chunk.toolCalls.add(new ToolDelta(piece.index, piece.id, piece.name, piece.arguments));
    }
  }

  private void call(String field, JsonToken value) throws IOException {
    switch (field) {
      case "index" -> {
        if (value.isNumeric()) {
          index = p.getIntValue();
        } else {
          p.skipChildren();
        }
      }
      case "id" -> id = value == JsonToken.VALUE_STRING ? p.getText() : skipped();
      case "function" -> {
        if (value != JsonToken.START_OBJECT) {
          p.skipChildren();
          return;
        }
        while (p.nextToken() == JsonToken.FIELD_NAME) {
          String inner = p.currentName();
          JsonToken token = p.nextToken();
          switch (inner) {
            case "name" -> name = token == JsonToken.VALUE_STRING ? p.getText() : skipped();
            case "arguments" -> arguments = arguments(token);
            default -> p.skipChildren();
          }
        }
      }
      default -> p.skipChildren();
    }
  }

  private String arguments(JsonToken token) throws IOException {
    if (token == JsonToken.VALUE_STRING) {
      return p.getText();
    }
    if (token == JsonToken.START_OBJECT) {
      return HttpProtocolClient.MAPPER.readTree(p).toString();
    }
    p.skipChildren();
    return null;
  }

  /** Skips a value of the wrong type, which then counts as absent. */
  private <T> T skipped() throws IOException {
    p.skipChildren();
    return null;
  }
}
