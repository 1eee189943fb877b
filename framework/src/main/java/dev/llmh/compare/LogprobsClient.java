package dev.llmh.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Asks an OpenAI-compatible endpoint for a greedy completion with its top-k log-probabilities:
 * {@code POST {base}/completions}, streamed (some servers stream nothing else), the prompt as raw text (no chat template, so that
 * two servers and a prompt extended by teacher forcing see exactly the same text). Both spellings
 * are sent: OpenAI's {@code logprobs: k} and llama.cpp's {@code n_probs: k}. Off the measurement
 * path: its timing is never recorded.
 */
final class LogprobsClient {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  /** Why a comparison cannot be made: the endpoint failed, or gives no log-probabilities. */
  static final class NoLogprobs extends Exception {
    NoLogprobs(String message) {
      super(message);
    }
  }

  private final String baseUrl;
  private final HttpClient http;
  private final Duration timeout;

  LogprobsClient(String baseUrl, Duration timeout) {
    this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
    this.timeout = timeout;
    this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
  }

  String baseUrl() {
    return baseUrl;
  }

  /**
   * A position of a text the server was given: its token as the server split the text, the model's
   * log-probability of that token there, and its top tokens.
   */
  record Echoed(String token, double logprob, TokenLogprobs distribution) {}

  /**
   * Every position of {@code text} after its first, each with the model's distribution there: OpenAI's
   * {@code echo: true} with {@code logprobs: k} on {@code /completions}, streamed like {@link #complete},
   * one token generated and dropped. Positions are told from the generated one by {@code text_offset}.
   */
  List<Echoed> echo(String model, String text, int topK) throws NoLogprobs, InterruptedException {
    ObjectNode body = MAPPER.createObjectNode();
    if (model != null) {
      body.put("model", model);
    }
    body.put("prompt", text).put("max_tokens", 1).put("temperature", 0.0).put("seed", 0).put("stream", true)
        .put("echo", true).put("logprobs", topK);
    List<Echoed> positions = new ArrayList<>();
    boolean first = true;
    for (JsonNode event : events(send(body, model), model)) {
      JsonNode logprobs = event.path("choices").path(0).path("logprobs");
      JsonNode tokens = logprobs.path("tokens");
      for (int i = 0; i < tokens.size(); i++, first = false) {
        JsonNode own = logprobs.path("token_logprobs").path(i);
        if (first || logprobs.path("text_offset").path(i).asInt(Integer.MAX_VALUE) >= text.length() || !own.isNumber()) {
          continue; // the first token has nothing before it; past the text, the generated one
        }
        java.util.Map<String, Double> top = new java.util.LinkedHashMap<>();
        logprobs.path("top_logprobs").path(i).fields().forEachRemaining(e -> top.put(e.getKey(), e.getValue().asDouble()));
        positions.add(new Echoed(tokens.get(i).asText(), own.asDouble(), new TokenLogprobs(tokens.get(i).asText(), top)));
      }
    }
    if (positions.isEmpty() || positions.stream().anyMatch(p -> p.distribution().top().isEmpty())) {
      throw new NoLogprobs("the server at " + baseUrl + " did not echo the prompt's log-probabilities for model " + model
          + " (asked echo=true, logprobs=" + topK + " on /completions: vLLM and the embedded server answer it, llama.cpp's"
          + " server and Ollama do not)");
    }
    return positions;
  }

  /** The body of a successful {@code POST /completions}; any failure as the reason there are no log-probabilities. */
  private String send(ObjectNode body, String model) throws NoLogprobs, InterruptedException {
    HttpResponse<String> response;
    try {
      response = http.send(HttpRequest.newBuilder(URI.create(baseUrl + "/completions")).timeout(timeout)
          .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofByteArray(MAPPER.writeValueAsBytes(body)))
          .build(), HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new NoLogprobs("POST " + baseUrl + "/completions failed: " + e);
    }
    if (response.statusCode() != 200) {
      throw new NoLogprobs("POST " + baseUrl + "/completions for model " + model + " answered HTTP " + response.statusCode()
          + ": " + shortened(response.body()));
    }
    return response.body();
  }

  /** The generated positions, at most {@code maxTokens}, each with its top {@code topK} tokens. */
  List<TokenLogprobs> complete(String model, String prompt, int maxTokens, int topK) throws NoLogprobs, InterruptedException {
    ObjectNode body = MAPPER.createObjectNode();
    if (model != null) {
      body.put("model", model);
    }
    body.put("prompt", prompt);
    body.put("max_tokens", maxTokens);
    body.put("temperature", 0.0);
    body.put("seed", 0);
    body.put("stream", true);
    body.put("logprobs", topK);
    body.put("n_probs", topK);
    List<TokenLogprobs> positions = new ArrayList<>();
    for (JsonNode event : events(send(body, model), model)) {
      positions.addAll(LogprobsParser.parse(event));
    }
    if (positions.isEmpty()) {
      throw new NoLogprobs("the server at " + baseUrl + " returned no log-probabilities for model " + model
          + " (asked logprobs=" + topK + ", n_probs=" + topK + ")");
    }
    return positions;
  }

  /** The events of a streamed answer, {@code [DONE]} left out; an error event is the reason there are none. */
  private List<JsonNode> events(String answer, String model) throws NoLogprobs {
    List<JsonNode> events = new ArrayList<>();
    for (String line : answer.split("\n")) {
      String data = line.startsWith("data:") ? line.substring(5).strip() : "";
      if (data.isEmpty() || data.equals("[DONE]")) {
        continue;
      }
      JsonNode event;
      try {
        event = MAPPER.readTree(data);
      } catch (IOException e) {
        throw new NoLogprobs(baseUrl + "/completions streamed an event that is not JSON: " + shortened(data));
      }
      if (event.has("error")) {
        throw new NoLogprobs(baseUrl + "/completions for model " + model + " failed while streaming: " + shortened(data));
      }
      events.add(event);
    }
    return events;
  }

  private static String shortened(String text) {
    return text.length() > 300 ? text.substring(0, 300) + "…" : text;
  }
}
