package dev.llmh.front;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;

/** Whole JSON answers, and errors in OpenAI's shape: {@code {"error":{"message","type","code"}}}. */
public final class Replies {

  /** The request itself is wrong: malformed, missing a field, a wrong method. */
  public static final String INVALID_REQUEST = "invalid_request_error";
  /** No such path. */
  public static final String NOT_FOUND = "not_found_error";
  /** The server failed (or a fault imitates a failing server). */
  public static final String SERVER_ERROR = "server_error";

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private Replies() {}

  /** {@code {"error":{"message":..., "type":..., "code": status}}}; also an SSE error event's payload. */
  public static ObjectNode errorBody(int status, String type, String message) {
    ObjectNode root = MAPPER.createObjectNode();
    ObjectNode error = root.putObject("error");
    error.put("message", message);
    error.put("type", type);
    error.put("code", status);
    return root;
  }

  /**
   * Answers {@code status} with {@link #errorBody}. What is left of the request body is read first:
   * a 404 or 405 is answered before anyone read it.
   */
  public static void error(HttpExchange exchange, int status, String type, String message) throws IOException {
    exchange.getRequestBody().readAllBytes();
    json(exchange, status, errorBody(status, type, message));
  }

  /** Answers {@code status} with {@code root} as {@code application/json}, with its length. */
  public static void json(HttpExchange exchange, int status, JsonNode root) throws IOException {
    byte[] bytes = MAPPER.writeValueAsBytes(root);
    exchange.getResponseHeaders().set("Content-Type", "application/json");
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }
}
