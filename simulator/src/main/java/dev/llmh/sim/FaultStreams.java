package dev.llmh.sim;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import dev.llmh.front.Replies;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * The responses of {@link Faults} that replace a whole request's answer: written by hand, byte by
 * byte where a fault needs bytes no well-behaved server would send. Ollama's paths ({@code /api/})
 * get NDJSON lines; every other path OpenAI chat SSE.
 */
final class FaultStreams {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  /** Not UTF-8: a lone continuation byte and a byte that never occurs in UTF-8. */
  private static final byte[] INVALID = {(byte) 0x80, (byte) 0xFF};
  /** An endless stream still ends: a fault must not outlive the test that set it. */
  private static final long ENDLESS_LIMIT_NANOS = Duration.ofMinutes(1).toNanos();

  private FaultStreams() {}

  static void json(HttpExchange exchange, int status, String message) throws IOException {
    Replies.json(exchange, status, Replies.errorBody(status, Replies.SERVER_ERROR, message));
  }

  static void html(HttpExchange exchange) throws IOException {
    send(exchange, 200, "text/html; charset=utf-8",
        "<!DOCTYPE html>\n<html><head><title>Sign in</title></head>\n<body><h1>Sign in to continue</h1></body></html>\n"
            .getBytes(StandardCharsets.UTF_8));
  }

  static void scripted(HttpExchange exchange, Faults.Scripted script) throws IOException {
    boolean ollama = exchange.getRequestURI().getPath().startsWith("/api/");
    String model = Faults.ECHO_AUTHORIZATION.equals(script.model())
        ? String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")) : script.model();
    exchange.getResponseHeaders().set("Content-Type", ollama ? "application/x-ndjson" : "text/event-stream");
    exchange.sendResponseHeaders(200, 0);
    try (OutputStream out = exchange.getResponseBody()) {
      for (int k = 0; k < script.chunks(); k++) {
        frame(out, ollama, textChunk(ollama, model, " w" + k, script.invalidUtf8() && k == 1));
        pause(script.every());
      }
      ObjectNode last = MAPPER.createObjectNode();
      last.put("model", model);
      if (ollama) {
        last.put("done", true);
        last.put("done_reason", "stop");
        last.put("eval_count", script.claimedTokens());
        last.put("prompt_eval_count", 5);
      } else {
        last.putArray("choices").addObject().put("index", 0).putObject("delta");
        ((ObjectNode) last.get("choices").get(0)).put("finish_reason", "stop");
        ObjectNode usage = last.putObject("usage");
        usage.put("prompt_tokens", 5);
        usage.put("completion_tokens", script.claimedTokens());
      }
      frame(out, ollama, MAPPER.writeValueAsBytes(last));
      if (!ollama) {
        frame(out, false, "[DONE]".getBytes(StandardCharsets.UTF_8));
      }
    }
  }

  static void endless(HttpExchange exchange, Duration every) throws IOException {
    boolean ollama = exchange.getRequestURI().getPath().startsWith("/api/");
    exchange.getResponseHeaders().set("Content-Type", ollama ? "application/x-ndjson" : "text/event-stream");
    exchange.sendResponseHeaders(200, 0);
    long start = System.nanoTime();
    try (OutputStream out = exchange.getResponseBody()) {
      for (int k = 0; System.nanoTime() - start < ENDLESS_LIMIT_NANOS && !Thread.currentThread().isInterrupted(); k++) {
        frame(out, ollama, textChunk(ollama, "sim", " w" + k, false));
        pause(every);
      }
    }
  }

  /** One chunk carrying {@code text}, or, when {@code invalid}, bytes that are not UTF-8 in its place. */
  private static byte[] textChunk(boolean ollama, String model, String text, boolean invalid) throws IOException {
    ObjectNode chunk = MAPPER.createObjectNode();
    chunk.put("model", model);
    String marker = "\u0001marker\u0001";
    if (ollama) {
      chunk.putObject("message").put("role", "assistant").put("content", invalid ? marker : text);
      chunk.put("done", false);
    } else {
      chunk.putArray("choices").addObject().put("index", 0).putObject("delta").put("content", invalid ? marker : text);
    }
    byte[] json = MAPPER.writeValueAsBytes(chunk);
    if (!invalid) {
      return json;
    }
    String escaped = MAPPER.writeValueAsString(marker);
    String whole = new String(json, StandardCharsets.UTF_8);
    int at = whole.indexOf(escaped.substring(1, escaped.length() - 1));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    bytes.write(whole.substring(0, at).getBytes(StandardCharsets.UTF_8));
    bytes.write(INVALID);
    bytes.write(whole.substring(at + escaped.length() - 2).getBytes(StandardCharsets.UTF_8));
    return bytes.toByteArray();
  }

  private static void frame(OutputStream out, boolean ollama, byte[] payload) throws IOException {
    if (!ollama) {
      out.write("data: ".getBytes(StandardCharsets.UTF_8));
    }
    out.write(payload);
    out.write((ollama ? "\n" : "\n\n").getBytes(StandardCharsets.UTF_8));
    out.flush();
  }

  private static void send(HttpExchange exchange, int status, String contentType, byte[] body) throws IOException {
    exchange.getResponseHeaders().set("Content-Type", contentType);
    exchange.sendResponseHeaders(status, body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }

  private static void pause(Duration every) {
    if (every.isZero()) {
      return;
    }
    try {
      Thread.sleep(every.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
