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
    List<TokenLogprobs> positions = new ArrayList<>();
    for (String line : response.body().split("\n")) {
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
      positions.addAll(LogprobsParser.parse(event));
    }
    if (positions.isEmpty()) {
      throw new NoLogprobs("the server at " + baseUrl + " returned no log-probabilities for model " + model
          + " (asked logprobs=" + topK + ", n_probs=" + topK + ")");
    }
    return positions;
  }

  private static String shortened(String text) {
    return text.length() > 300 ? text.substring(0, 300) + "…" : text;
  }
}
