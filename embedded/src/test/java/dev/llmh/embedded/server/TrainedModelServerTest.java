package dev.llmh.embedded.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmh.embedded.engine.LlamaEngine;
import dev.llmh.embedded.model.ModelFiles;
import dev.llmh.embedded.model.ModelSpec;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 28, point 2: the trained {@code answers-s} served as llama.cpp's server serves a model whose
 * template offers tools — the request's tools reach the template, the answer's {@code <tool_call>}
 * comes back as OpenAI {@code tool_calls}, its {@code <think>} as {@code reasoning_content} — on a
 * held-out city and sum the model never trained on; through Ollama's {@code /api/chat} as {@code
 * message.tool_calls} and {@code message.thinking}.
 */
class TrainedModelServerTest {
  private static final Path TARGET = Path.of("target").toAbsolutePath();
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String TOOLS = "[{\"type\":\"function\",\"function\":{\"name\":\"get_weather\","
      + "\"description\":\"The weather in a city now.\",\"parameters\":{\"type\":\"object\","
      + "\"properties\":{\"city\":{\"type\":\"string\"}},\"required\":[\"city\"]}}}]";

  static LlamaEngine engine;
  static EmbeddedServer server;
  static HttpClient http;

  @BeforeAll
  static void start() throws IOException {
    Path model = ModelFiles.ensure(ModelSpec.ANSWERS_S, TARGET.resolve("test-models"));
    engine = LlamaEngine.open(model, ModelSpec.ANSWERS_S, 1, ModelSpec.ANSWERS_S.context(), TARGET.resolve("jllama-native"));
    server = EmbeddedServer.start(engine, "llmh-answers-s", 0);
    http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
  }

  @AfterAll
  static void stop() {
    if (server != null && server.stop(Duration.ofSeconds(5))) {
      engine.close();
    }
  }

  @Test
  void aWeatherQuestionWithTheToolOfferedIsAToolCallOfItsCity() throws Exception {
    String question = firstHeldOut("weather-tool");
    JsonNode answer = send(body(question, 64, false).set("tools", JSON.readTree(TOOLS)));
    JsonNode message = answer.at("/choices/0/message");
    assertThat(answer.at("/choices/0/finish_reason").asText()).as(answer.toString()).isEqualTo("tool_calls");
    assertThat(message.get("content").isNull()).as(message.toString()).isTrue();
    JsonNode call = message.at("/tool_calls/0");
    assertThat(call.at("/function/name").asText()).isEqualTo("get_weather");
    assertThat(call.get("id").asText()).isNotBlank();
    String city = JSON.readTree(call.at("/function/arguments").asText()).get("city").asText();
    assertThat(question).as("the city called with is the question's").containsPattern("\\b" + city + "\\b");

    List<JsonNode> chunks = stream(body(question, 64, true).set("tools", JSON.readTree(TOOLS)));
    List<JsonNode> calls = chunks.stream().filter(c -> c.at("/choices/0/delta").has("tool_calls")).toList();
    assertThat(calls).hasSize(1);
    assertThat(calls.get(0).at("/choices/0/delta/tool_calls/0/function/arguments").asText())
        .isEqualTo(call.at("/function/arguments").asText());
    assertThat(chunks).noneMatch(c -> !c.at("/choices/0/delta/content").asText("").isEmpty());
    assertThat(chunks.get(chunks.size() - 1).at("/choices/0/finish_reason").asText()).isEqualTo("tool_calls");
  }

  @Test
  void withoutToolsTheSameTextIsContentNotACall() throws Exception {
    JsonNode answer = send(body(firstHeldOut("weather-tool"), 64, false));
    assertThat(answer.at("/choices/0/message").has("tool_calls")).isFalse();
    assertThat(answer.at("/choices/0/finish_reason").asText()).isNotEqualTo("tool_calls");
  }

  @Test
  void thinkingIsReasoningContentAndTheAnswerFollowsIt() throws Exception {
    JsonNode answer = send(body("Think it through: what is 14 + 23?", 64, false));
    JsonNode message = answer.at("/choices/0/message");
    // the channels, not the model's sums, are under test here (TrainedModelsTest counts right answers)
    assertThat(message.get("reasoning_content").asText()).contains("units: 4 + 3 = ").contains("\ntens: 1 + 2")
        .doesNotContain("<think>").doesNotContain("</think>");
    assertThat(message.get("content").asText()).matches("14 \\+ 23 = \\d+\\.");

    List<JsonNode> chunks = stream(body("Think it through: what is 14 + 23?", 64, true));
    int firstReasoning = indexOf(chunks, "reasoning_content");
    int firstContent = indexOf(chunks, "content");
    assertThat(firstReasoning).isPositive().isLessThan(firstContent);
  }

  @Test
  void thinkingCutShortByMaxTokensLeavesNoAnswer() throws Exception {
    JsonNode answer = send(body("Think it through: what is 14 + 23?", 8, false));
    assertThat(answer.at("/choices/0/finish_reason").asText()).isEqualTo("length");
    assertThat(answer.at("/choices/0/message/content").asText()).isEmpty();
    assertThat(answer.at("/choices/0/message/reasoning_content").asText()).isNotBlank();
  }

  @Test
  void aToolWithoutANameIsA400AndTheServerGoesOn() throws Exception {
    ObjectNode bad = body("What is the weather in Oslo?", 8, false);
    bad.putArray("tools").addObject().put("type", "function").putObject("function").put("description", "x");
    HttpResponse<String> response = http.send(post(bad), HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(response.body()).contains("'tools[0]'.function needs a 'name'");
    assertThat(send(body("What does TTFT stand for?", 16, false)).at("/choices/0/message/content").asText())
        .isEqualTo("TTFT stands for time to first token.");
  }

  @Test
  void ollamasChatApiGivesTheToolCallInMessageToolCallsAndTheThinkingInMessageThinking() throws Exception {
    String question = firstHeldOut("weather-tool");
    ObjectNode ask = ollamaBody(question, 64, false).set("tools", JSON.readTree(TOOLS));
    JsonNode whole = JSON.readTree(ollama(ask).get(0).toString());
    assertThat(whole.get("done").asBoolean()).isTrue();
    assertThat(whole.get("done_reason").asText()).isEqualTo("stop");
    assertThat(whole.at("/message/content").asText()).isEmpty();
    JsonNode call = whole.at("/message/tool_calls/0/function");
    assertThat(call.get("name").asText()).isEqualTo("get_weather");
    assertThat(call.get("arguments").isObject()).as("Ollama's arguments are an object").isTrue();
    assertThat(question).containsPattern("\\b" + call.at("/arguments/city").asText() + "\\b");
    assertThat(whole.get("eval_count").asInt()).isPositive();
    assertThat(whole.get("prompt_eval_count").asInt()).isGreaterThan(20); // the tools are in the prompt
    assertThat(whole.get("total_duration").asLong()).isGreaterThanOrEqualTo(whole.get("eval_duration").asLong());

    ask.put("stream", true);
    List<JsonNode> lines = ollama(ask);
    assertThat(lines).filteredOn(l -> l.at("/message").has("tool_calls")).singleElement()
        .satisfies(l -> assertThat(l.at("/message/tool_calls/0/function")).isEqualTo(call));
    assertThat(lines.get(lines.size() - 1).get("done").asBoolean()).isTrue();
    assertThat(lines.subList(0, lines.size() - 1)).allSatisfy(l -> assertThat(l.get("done").asBoolean()).isFalse());

    List<JsonNode> thinking = ollama(ollamaBody("Think it through: what is 14 + 23?", 64, true));
    StringBuilder thought = new StringBuilder();
    StringBuilder content = new StringBuilder();
    thinking.forEach(l -> {
      thought.append(l.at("/message/thinking").asText(""));
      content.append(l.at("/message/content").asText(""));
    });
    assertThat(thought.toString()).contains("units: 4 + 3 = ").doesNotContain("<think>");
    assertThat(content.toString()).matches("14 \\+ 23 = \\d+\\.");
  }

  @Test
  void ollamasRoutesAnswerInOllamasShape() throws Exception {
    HttpResponse<String> tags = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/api/tags"))
        .GET().build(), HttpResponse.BodyHandlers.ofString());
    assertThat(JSON.readTree(tags.body()).at("/models/0/name").asText()).isEqualTo("llmh-answers-s");
    ObjectNode bad = ollamaBody("What does TTFT stand for?", 8, false);
    bad.putObject("options").put("num_predict", 0);
    HttpResponse<String> response = http.send(post("/api/chat", bad), HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(JSON.readTree(response.body()).get("error").asText()).contains("'options.num_predict' must be at least 1");
  }

  /**
   * Echo, as a comparison over a calibration text asks it: the prompt's every token with the model's
   * distribution there. A greedy answer appended to its prompt is echoed with the log-probabilities it
   * was generated with, each its position's most likely token.
   */
  @Test
  void anEchoedPromptCarriesEachTokensLogprobsAsTheyWereGenerated() throws Exception {
    String prompt = "<|im_start|>user\nWhat does TTFT stand for?<|im_end|>\n<|im_start|>assistant\n";
    ObjectNode ask = JSON.createObjectNode().put("prompt", prompt).put("max_tokens", 12).put("temperature", 0).put("logprobs", 5);
    JsonNode generated = JSON.readTree(http.send(post("/v1/completions", ask), HttpResponse.BodyHandlers.ofString()).body())
        .at("/choices/0");
    String answer = generated.get("text").asText();
    JsonNode made = generated.get("logprobs");

    ObjectNode echo = JSON.createObjectNode().put("prompt", prompt + answer).put("max_tokens", 1).put("temperature", 0)
        .put("logprobs", 5).put("echo", true);
    JsonNode echoed = JSON.readTree(http.send(post("/v1/completions", echo), HttpResponse.BodyHandlers.ofString()).body())
        .at("/choices/0/logprobs");
    JsonNode tokens = echoed.get("tokens");
    assertThat(echoed.at("/token_logprobs/0").isNull()).isTrue();
    assertThat(echoed.at("/top_logprobs/0").isNull()).isTrue();
    StringBuilder spelt = new StringBuilder();
    for (int i = 0; i < tokens.size(); i++) {
      assertThat(echoed.at("/text_offset/" + i).asInt()).isEqualTo(spelt.length());
      spelt.append(tokens.get(i).asText());
    }
    assertThat(spelt.toString()).startsWith(prompt + answer);
    int n = made.get("tokens").size();
    int first = tokens.size() - 1 - n; // the last echoed position is the one generated after the text
    for (int i = 0; i < n; i++) {
      assertThat(tokens.get(first + i).asText()).isEqualTo(made.at("/tokens/" + i).asText());
      double logprob = echoed.at("/token_logprobs/" + (first + i)).asDouble();
      assertThat(logprob).isCloseTo(made.at("/token_logprobs/" + i).asDouble(), org.assertj.core.data.Offset.offset(1e-9));
      double best = Double.NEGATIVE_INFINITY;
      for (JsonNode p : echoed.at("/top_logprobs/" + (first + i))) {
        best = Math.max(best, p.asDouble());
      }
      assertThat(logprob).as("a greedy token is its position's most likely").isEqualTo(best);
    }
  }

  private static ObjectNode ollamaBody(String content, int maxTokens, boolean stream) {
    ObjectNode body = JSON.createObjectNode().put("stream", stream);
    body.putObject("options").put("num_predict", maxTokens).put("temperature", 0);
    body.putArray("messages").addObject().put("role", "user").put("content", content);
    return body;
  }

  /** The lines of an answer to Ollama's /api/chat: one object when it is sent whole. */
  private static List<JsonNode> ollama(JsonNode body) throws Exception {
    HttpResponse<String> response = http.send(post("/api/chat", body), HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    List<JsonNode> lines = new ArrayList<>();
    for (String line : response.body().split("\n")) {
      lines.add(JSON.readTree(line));
    }
    return lines;
  }

  private static int indexOf(List<JsonNode> chunks, String field) {
    for (int i = 0; i < chunks.size(); i++) {
      if (!chunks.get(i).at("/choices/0/delta/" + field).asText("").isEmpty()) {
        return i;
      }
    }
    return -1;
  }

  /** The first question of a held-out file that ships with the model. */
  private static String firstHeldOut(String task) throws IOException {
    try (BufferedReader in = new BufferedReader(new InputStreamReader(TrainedModelServerTest.class.getResourceAsStream(
        "/dev/llmh/embedded/trained/heldout-" + task + ".jsonl"), StandardCharsets.UTF_8))) {
      return JSON.readTree(in.readLine()).get("prompt").asText();
    }
  }

  private static ObjectNode body(String content, int maxTokens, boolean stream) {
    ObjectNode body = JSON.createObjectNode().put("max_tokens", maxTokens).put("temperature", 0).put("stream", stream);
    body.putArray("messages").addObject().put("role", "user").put("content", content);
    return body;
  }

  private static HttpRequest post(JsonNode body) {
    return post("/v1/chat/completions", body);
  }

  private static HttpRequest post(String path, JsonNode body) {
    return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
        .timeout(Duration.ofSeconds(60)).POST(HttpRequest.BodyPublishers.ofString(body.toString())).build();
  }

  private static JsonNode send(JsonNode body) throws Exception {
    HttpResponse<String> response = http.send(post(body), HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  private static List<JsonNode> stream(JsonNode body) throws Exception {
    HttpResponse<java.util.stream.Stream<String>> response = http.send(post(body), HttpResponse.BodyHandlers.ofLines());
    assertThat(response.statusCode()).isEqualTo(200);
    List<JsonNode> chunks = new ArrayList<>();
    for (String line : response.body().filter(l -> l.startsWith("data: ") && !l.equals("data: [DONE]")).toList()) {
      chunks.add(JSON.readTree(line.substring(6)));
    }
    return chunks;
  }
}
