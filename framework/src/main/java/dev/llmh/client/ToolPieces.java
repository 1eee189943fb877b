package dev.llmh.client;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads an OpenAI {@code delta.tool_calls} array off the streaming parser, as {@link OpenAiChunk}
 * reads the rest of its chunk: {@code [{"index": 0, "id": "call_1", "type": "function", "function":
 * {"name": "get_weather", "arguments": "{\"ci"}}]}, any field but these skipped. A server that sends
 * the arguments as an object rather than text (some do) has it kept as its JSON. A chunk almost
 * always carries one piece: it costs one {@link ToolDelta} and a one-element list, nothing more.
 */
final class ToolPieces {
  private ToolPieces() {}

  /** The array whose start is {@code value}, as pieces in order; null when it holds none. */
  static List<ToolDelta> read(JsonParser p, JsonToken value) throws IOException {
    if (value != JsonToken.START_ARRAY) {
      p.skipChildren();
      return null;
    }
    ToolDelta first = null;
    List<ToolDelta> more = null;
    for (JsonToken element = p.nextToken(); element != null && element != JsonToken.END_ARRAY; element = p.nextToken()) {
      if (element != JsonToken.START_OBJECT) {
        p.skipChildren();
        continue;
      }
      ToolDelta piece = piece(p);
      if (first == null) {
        first = piece;
      } else {
        if (more == null) {
          more = new ArrayList<>();
          more.add(first);
        }
        more.add(piece);
      }
    }
    return more != null ? more : first != null ? List.of(first) : null;
  }

  /** One element of the array, its start already read. */
  private static ToolDelta piece(JsonParser p) throws IOException {
    Integer index = null;
    String id = null;
    String name = null;
    String arguments = null;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String field = p.currentName();
      JsonToken value = p.nextToken();
      if (field.equals("index") && value.isNumeric()) {
        index = p.getIntValue();
      } else if (field.equals("id") && value == JsonToken.VALUE_STRING) {
        id = p.getText();
      } else if (field.equals("function") && value == JsonToken.START_OBJECT) {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
          String inner = p.currentName();
          JsonToken token = p.nextToken();
          if (inner.equals("name") && token == JsonToken.VALUE_STRING) {
            name = p.getText();
          } else if (inner.equals("arguments") && token == JsonToken.VALUE_STRING) {
            arguments = p.getText();
          } else if (inner.equals("arguments") && token == JsonToken.START_OBJECT) {
            arguments = HttpProtocolClient.MAPPER.readTree(p).toString();
          } else {
            p.skipChildren();
          }
        }
      } else {
        p.skipChildren();
      }
    }
    return new ToolDelta(index, id, name, arguments);
  }
}
