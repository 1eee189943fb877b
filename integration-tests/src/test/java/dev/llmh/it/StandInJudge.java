package dev.llmh.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import dev.llmh.front.EventStream;
import dev.llmh.front.Replies;
import dev.llmh.sim.SimulatorHook;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Answers every chat request on the simulator itself. A candidate (any model but the judge) answers
 * {@code "good answer n"} or {@code "poor answer n"}, n counting that model's requests from 1: poor
 * for model {@code beta} and for a prompt marked {@code (poor)}. The judge scores by the answer it is
 * shown: good n → 5 for odd n, 4 for even; poor n → 2 for odd, 1 for even; but {@code poor answer 3}
 * gets prose instead of JSON, {@code poor answer 4} an HTTP 500 and {@code poor answer 5} a score of 7.
 */
final class StandInJudge implements SimulatorHook {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern SHOWN = Pattern.compile("(?s)^Question:\n(.*)\n\n(Answer [A-Z]+):\n(.*)\n\nScore \\2\\.$");

  /** One judge request as received: its number on the server, label, question and answer shown, and the whole body. */
  record Asked(long number, String model, String label, String question, String answer, String body) {}

  final List<Asked> judged = new CopyOnWriteArrayList<>();
  /** Server request numbers of the candidates' requests. */
  final List<Long> candidates = new CopyOnWriteArrayList<>();
  private final Map<String, AtomicInteger> perModel = new ConcurrentHashMap<>();
  private final String judge;

  StandInJudge(String judge) {
    this.judge = judge;
  }

  @Override
  public boolean interceptRequest(long number, HttpExchange exchange, byte[] body) throws IOException {
    JsonNode request = JSON.readTree(body);
    String model = request.path("model").asText();
    JsonNode messages = request.path("messages");
    String user = messages.get(messages.size() - 1).path("content").asText();
    if (!model.equals(judge)) {
      candidates.add(number);
      int n = perModel.computeIfAbsent(model, m -> new AtomicInteger()).incrementAndGet();
      stream(exchange, model, (model.equals("beta") || user.contains("(poor)") ? "poor" : "good") + " answer " + n);
      return true;
    }
    Matcher shown = SHOWN.matcher(user);
    if (!shown.matches()) {
      throw new IllegalStateException("not a judge request: " + user);
    }
    String answer = shown.group(3);
    judged.add(new Asked(number, model, shown.group(2), shown.group(1), answer, new String(body, java.nio.charset.StandardCharsets.UTF_8)));
    switch (answer) {
      case "poor answer 3" -> stream(exchange, model, "Score: 4, because it is fine.");
      case "poor answer 4" -> Replies.error(exchange, 500, Replies.SERVER_ERROR, "the stand-in judge is down");
      case "poor answer 5" -> stream(exchange, model, "{\"score\": 7, \"rationale\": \"off the scale\"}");
      default -> stream(exchange, model, "{\"score\": " + score(answer) + ", \"rationale\": \"stand-in on " + answer + "\"}");
    }
    return true;
  }

  /** The score the stand-in gives an answer it scores. */
  static int score(String answer) {
    int n = Integer.parseInt(answer.substring(answer.lastIndexOf(' ') + 1));
    return (answer.startsWith("good") ? 4 : 1) + (n % 2);
  }

  private static void stream(HttpExchange exchange, String model, String text) throws IOException {
    EventStream events = EventStream.open(exchange, EventStream.Framing.SSE);
    events.send(chunk(model, text, null).toString());
    events.send(chunk(model, null, "stop").toString());
    events.send("[DONE]");
    exchange.close();
  }

  private static ObjectNode chunk(String model, String text, String finish) {
    ObjectNode chunk = JSON.createObjectNode().put("id", "stand-in").put("object", "chat.completion.chunk").put("created", 0)
        .put("model", model);
    ObjectNode choice = chunk.putArray("choices").addObject().put("index", 0);
    ObjectNode delta = choice.putObject("delta");
    if (text != null) {
      delta.put("role", "assistant").put("content", text);
    }
    if (finish == null) {
      choice.putNull("finish_reason");
    } else {
      choice.put("finish_reason", finish);
    }
    return chunk;
  }
}
