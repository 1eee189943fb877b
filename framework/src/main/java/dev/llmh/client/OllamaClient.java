package dev.llmh.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmh.config.Config;
import dev.llmh.config.Defaults;
import dev.llmh.measure.RequestSample;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import okhttp3.Call;
import okhttp3.MediaType;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okio.BufferedSource;

/**
 * Streams Ollama's native API — {@code POST {base}/api/chat} (messages) or {@code POST
 * {base}/api/generate} (prompt) — one JSON object per line, each timestamped as its line arrives on
 * the sending thread. The last line ({@code "done": true}) carries Ollama's own counters: {@code
 * eval_count} (output tokens), {@code prompt_eval_count}, and {@code load_duration}, {@code
 * prompt_eval_duration}, {@code eval_duration}, {@code total_duration} in ns, kept in ms as the
 * sample's server timings ({@code load_ms}, {@code prompt_eval_ms}, {@code eval_ms}, {@code total_ms}).
 */
public final class OllamaClient implements ProtocolClient {

  private static final MediaType JSON = MediaType.get("application/json");
  private static final ObjectMapper MAPPER = new ObjectMapper();
  /** Ollama's duration fields and the names their ms values get in the sample. */
  private static final Map<String, String> DURATIONS =
      Map.of("load_duration", "load_ms", "prompt_eval_duration", "prompt_eval_ms",
          "eval_duration", "eval_ms", "total_duration", "total_ms");

  private final Api api;
  private final EndpointHttp http;
  private final Duration firstTokenTimeout;
  private final FailureReasons reasons;

  public OllamaClient(
      Api api, String baseUrl, Optional<Config.Secret> apiKey, Duration connectTimeout, Duration readTimeout) {
    this(api, baseUrl, apiKey, connectTimeout, readTimeout, Defaults.FIRST_TOKEN_TIMEOUT);
  }

  /** @param firstTokenTimeout the longest wait from sending to the first text line; then the call is cancelled */
  public OllamaClient(
      Api api, String baseUrl, Optional<Config.Secret> apiKey, Duration connectTimeout, Duration readTimeout,
      Duration firstTokenTimeout) {
    if (!api.ollama()) {
      throw new IllegalArgumentException("not an Ollama protocol: " + api);
    }
    this.api = api;
    this.http = new EndpointHttp(baseUrl, apiKey, connectTimeout, readTimeout);
    this.firstTokenTimeout = firstTokenTimeout;
    this.reasons = new FailureReasons(connectTimeout, readTimeout);
  }

  @Override
  public Api api() {
    return api;
  }

  @Override
  public String baseUrl() {
    return http.base.toString();
  }

  /** {@code GET /api/tags}: the models Ollama has pulled. */
  @Override
  public EndpointInfo probe() {
    return http.probe("api/tags", listing -> {
      List<String> ids = new ArrayList<>();
      for (JsonNode model : listing.path("models")) {
        ids.add(model.path("name").asText());
      }
      return new EndpointInfo(ids, "ollama", null);
    });
  }

  @Override
  public RequestSample send(ChatRequest chat) {
    Request request =
        new Request.Builder()
            .url(http.url(api == Api.OLLAMA_CHAT ? "api/chat" : "api/generate"))
            .post(RequestBody.create(body(api, chat), JSON))
            .build();
    Call call = http.client.newCall(request);
    LineRecorder recorder = new LineRecorder(api);
    recorder.startNanos = System.nanoTime();
    recorder.watch = FirstTokenWatch.start(call, firstTokenTimeout);
    try (Response response = call.execute()) {
      if (!response.isSuccessful()) {
        return http.scrubbed(recorder.failed("HTTP " + response.code() + ": " + OpenAiChatClient.excerpt(response.body().string())));
      }
      BufferedSource source = response.body().source();
      String line;
      while (!recorder.over() && (line = source.readUtf8Line()) != null) {
        recorder.onLine(System.nanoTime(), line);
      }
    } catch (IOException | RuntimeException e) {
      String reason = recorder.watch.expired() ? recorder.watch.reason()
          : recorder.done ? "after end of stream: " + FailureReasons.raw(e)
          : reasons.describe(e, !recorder.textChunks.isEmpty());
      return http.scrubbed(recorder.failed(reason));
    } finally {
      recorder.watch.stop();
    }
    return http.scrubbed(recorder.finish());
  }


  /** Ollama takes sampling settings under {@code options}; {@code num_predict} is max_tokens. */
  static byte[] body(Api api, ChatRequest chat) {
    ObjectNode body = MAPPER.createObjectNode();
    if (chat.model() != null) {
      body.put("model", chat.model());
    }
    if (api == Api.OLLAMA_CHAT) {
      ObjectNode message = body.putArray("messages").addObject();
      message.put("role", "user");
      message.put("content", chat.prompt());
    } else {
      body.put("prompt", chat.prompt());
    }
    body.put("stream", true);
    ObjectNode options = body.putObject("options");
    options.put("num_predict", chat.maxTokens());
    options.put("temperature", chat.temperature());
    options.put("seed", chat.seed());
    try {
      return MAPPER.writeValueAsBytes(body);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public void close() {
    http.close();
  }

  /** Collects one NDJSON stream's lines, timestamped by the caller as each line arrived. */
  static final class LineRecorder {
    private final Api api;
    long startNanos;
    FirstTokenWatch watch;
    final List<Long> textChunks = new ArrayList<>();
    Long firstAnswer;
    int reasoningChunks;
    Integer promptTokens;
    Integer outputTokens;
    String finishReason;
    String servedModel;
    String error;
    boolean done;
    final Map<String, Double> timings = new LinkedHashMap<>();

    LineRecorder(Api api) {
      this.api = api;
    }

    boolean over() {
      return done || error != null;
    }

    void onLine(long now, String line) {
      if (line.isBlank()) {
        return;
      }
      JsonNode chunk;
      try {
        chunk = MAPPER.readTree(line);
      } catch (IOException e) {
        error = "malformed chunk: " + OpenAiChatClient.excerpt(line);
        return;
      }
      if (chunk.hasNonNull("error")) {
        error = "server error in stream: " + OpenAiChatClient.excerpt(chunk.get("error").toString());
        return;
      }
      if (servedModel == null && chunk.hasNonNull("model")) {
        servedModel = chunk.get("model").asText();
      }
      JsonNode holder = api == Api.OLLAMA_CHAT ? chunk.path("message") : chunk;
      boolean answer = carriesText(holder, api == Api.OLLAMA_CHAT ? "content" : "response");
      boolean reasoning = carriesText(holder, "thinking");
      if (answer || reasoning) {
        if (!watch.textArrived()) {
          error = watch.reason(); // it came after the deadline, and the call is being cancelled
          return;
        }
        textChunks.add(now);
        if (answer && firstAnswer == null) {
          firstAnswer = now;
        }
        if (!answer) {
          reasoningChunks++;
        }
      }
      if (chunk.path("done").asBoolean(false)) {
        done = true;
        finishReason = chunk.hasNonNull("done_reason") ? chunk.get("done_reason").asText() : null;
        if (chunk.hasNonNull("eval_count")) {
          outputTokens = chunk.get("eval_count").asInt();
        }
        if (chunk.hasNonNull("prompt_eval_count")) {
          promptTokens = chunk.get("prompt_eval_count").asInt();
        }
        for (Map.Entry<String, String> d : DURATIONS.entrySet()) {
          if (chunk.hasNonNull(d.getKey())) {
            timings.put(d.getValue(), chunk.get(d.getKey()).asLong() / 1e6);
          }
        }
      }
    }

    private static boolean carriesText(JsonNode node, String field) {
      JsonNode text = node.get(field);
      return text != null && text.isTextual() && !text.asText().isEmpty();
    }

    RequestSample failed(String reason) {
      if (error == null) {
        error = reason;
      }
      return finish();
    }

    RequestSample finish() {
      long end = System.nanoTime();
      if (error == null && !done) {
        error = "stream ended without its final \"done\": true line";
      }
      // Sorted so the record reads the same every run.
      Map<String, Double> sorted = new java.util.TreeMap<>(timings);
      return new RequestSample(startNanos, textChunks, end, promptTokens, outputTokens, finishReason, servedModel, error,
          firstAnswer, reasoningChunks, List.of(), sorted);
    }
  }
}
