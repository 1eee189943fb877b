package dev.llmh.client;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmh.config.Config;
import dev.llmh.config.Defaults;
import dev.llmh.measure.RequestSample;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import okhttp3.Call;
import okhttp3.MediaType;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okhttp3.sse.EventSource;
import okhttp3.sse.EventSourceListener;
import okhttp3.sse.EventSources;

/**
 * Streams OpenAI chat completions ({@code POST {base}/chat/completions}, SSE) — or, for
 * {@link Api#OPENAI_COMPLETIONS}, legacy completions ({@code POST {base}/completions}, {@code prompt}
 * in, {@code choices[0].text} out; the same stream otherwise) — and timestamps every event on
 * arrival. Each {@link #send} blocks its calling worker thread, so concurrency is exactly the number
 * of workers: no dispatcher queue sits between the load generator and the network.
 */
public final class OpenAiChatClient implements ProtocolClient {

  private static final MediaType JSON = MediaType.get("application/json");
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final int ERROR_EXCERPT = 300;

  private final EndpointHttp http;
  private final Api api;
  private final Duration firstTokenTimeout;
  private final FailureReasons reasons;

  public OpenAiChatClient(String baseUrl, Optional<Config.Secret> apiKey, Duration connectTimeout, Duration readTimeout) {
    this(Api.OPENAI_CHAT, baseUrl, apiKey, connectTimeout, readTimeout, Defaults.FIRST_TOKEN_TIMEOUT);
  }

  /**
   * A client of {@link Api#OPENAI_CHAT} or {@link Api#OPENAI_COMPLETIONS}.
   *
   * @param readTimeout the longest silence allowed on a response (OkHttp's read timeout)
   * @param firstTokenTimeout the longest wait from sending to the first text chunk; the call is
   *     cancelled when it passes
   */
  public OpenAiChatClient(
      Api api, String baseUrl, Optional<Config.Secret> apiKey, Duration connectTimeout, Duration readTimeout,
      Duration firstTokenTimeout) {
    if (api != Api.OPENAI_CHAT && api != Api.OPENAI_COMPLETIONS) {
      throw new IllegalArgumentException("not an OpenAI protocol: " + api);
    }
    this.api = api;
    this.firstTokenTimeout = firstTokenTimeout;
    this.reasons = new FailureReasons(connectTimeout, readTimeout);
    this.http = new EndpointHttp(baseUrl, apiKey, connectTimeout, readTimeout);
  }

  @Override
  public Api api() {
    return api;
  }

  @Override
  public String baseUrl() {
    return http.base.toString();
  }

  /** Lists the endpoint's models; throws {@link EndpointException} when it cannot be used at all. */
  @Override
  public EndpointInfo probe() {
    return http.probe("models", listing -> {
      List<String> ids = new ArrayList<>();
      for (JsonNode model : listing.path("data")) {
        ids.add(model.path("id").asText());
      }
      JsonNode first = listing.path("data").path(0);
      String ownedBy = first.hasNonNull("owned_by") ? first.get("owned_by").asText() : null;
      Map<String, Object> meta =
          first.path("meta").isObject() ? MAPPER.convertValue(first.get("meta"), new TypeReference<Map<String, Object>>() {}) : null;
      return new EndpointInfo(ids, ownedBy, meta);
    });
  }

  /** Sends one streaming request and records what arrived; failures become the sample's error. */
  @Override
  public RequestSample send(ChatRequest chat) {
    Request request =
        api == Api.OPENAI_COMPLETIONS
            ? new Request.Builder().url(http.url("completions")).post(RequestBody.create(completionsBody(chat), JSON)).build()
            : new Request.Builder().url(http.url("chat/completions")).post(RequestBody.create(body(chat), JSON)).build();
    Call call = http.client.newCall(request);
    StreamRecorder recorder = new StreamRecorder(reasons);
    recorder.startNanos = System.nanoTime();
    recorder.watch = FirstTokenWatch.start(call, firstTokenTimeout);
    try (Response response = call.execute()) {
      if (!response.isSuccessful()) {
        return http.scrubbed(recorder.failed("HTTP " + response.code() + ": " + excerpt(response.body().string())));
      }
      EventSources.processResponse(response, recorder);
    } catch (IOException | RuntimeException e) {
      return http.scrubbed(recorder.failed(recorder.watch.expired() ? recorder.watch.reason() : reasons.describe(e, false)));
    } finally {
      recorder.watch.stop();
    }
    return http.scrubbed(recorder.finish());
  }


  static byte[] body(ChatRequest chat) {
    ObjectNode body = MAPPER.createObjectNode();
    if (chat.model() != null) {
      body.put("model", chat.model());
    }
    ObjectNode message = body.putArray("messages").addObject();
    message.put("role", "user");
    message.put("content", chat.prompt());
    return common(body, chat);
  }

  /** {@code POST /completions}: the prompt as-is, no chat template on the client's side. */
  static byte[] completionsBody(ChatRequest chat) {
    ObjectNode body = MAPPER.createObjectNode();
    if (chat.model() != null) {
      body.put("model", chat.model());
    }
    body.put("prompt", chat.prompt());
    return common(body, chat);
  }

  private static byte[] common(ObjectNode body, ChatRequest chat) {
    body.put("max_tokens", chat.maxTokens());
    body.put("temperature", chat.temperature());
    body.put("seed", chat.seed());
    body.put("stream", true);
    body.putObject("stream_options").put("include_usage", true);
    if (chat.disablePromptCache()) {
      body.put("cache_prompt", false);
    }
    try {
      return MAPPER.writeValueAsBytes(body);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  static String excerpt(String body) {
    String flat = body.replaceAll("\\s+", " ").strip();
    return flat.length() <= ERROR_EXCERPT ? flat : flat.substring(0, ERROR_EXCERPT) + "…";
  }

  @Override
  public void close() {
    http.close();
  }

  /** Collects one stream's events; called on the sending thread, so timestamps are not delayed. */
  /** Package-private so that the JMH benchmark of the hot path drives this very code. */
  static final class StreamRecorder extends EventSourceListener {
    final FailureReasons reasons;
    FirstTokenWatch watch;
    long startNanos;
    final List<Long> textChunks = new ArrayList<>();
    Long firstAnswer;
    int reasoningChunks;
    /** Cumulative usage.completion_tokens seen on each text chunk (vLLM's continuous usage), or null. */
    final List<Integer> cumulativeTokens = new ArrayList<>();
    final Map<String, Double> timings = new java.util.LinkedHashMap<>();
    Integer promptTokens;
    Integer outputTokens;
    String finishReason;
    String servedModel;
    String error;
    boolean done;

    StreamRecorder(FailureReasons reasons) {
      this.reasons = reasons;
    }

    @Override
    public void onEvent(EventSource source, String id, String type, String data) {
      long now = System.nanoTime();
      if (error != null || done) {
        return;
      }
      if ("[DONE]".equals(data.strip())) {
        done = true;
        return;
      }
      JsonNode chunk;
      try {
        chunk = MAPPER.readTree(data);
      } catch (IOException e) {
        error = "malformed chunk: " + excerpt(data);
        return;
      }
      if (chunk.hasNonNull("error")) {
        error = "server error in stream: " + excerpt(chunk.get("error").toString());
        return;
      }
      if (servedModel == null && chunk.hasNonNull("model")) {
        servedModel = chunk.get("model").asText();
      }
      JsonNode choice = chunk.path("choices").path(0);
      JsonNode delta = choice.path("delta");
      // Chat puts text in delta.content (reasoning in delta.reasoning_content or delta.reasoning);
      // legacy completions put it in choices[0].text.
      boolean answer = carriesText(delta, "content") || carriesText(choice, "text");
      boolean reasoning = carriesText(delta, "reasoning_content") || carriesText(delta, "reasoning");
      JsonNode usage = chunk.path("usage");
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
        cumulativeTokens.add(usage.hasNonNull("completion_tokens") ? usage.get("completion_tokens").asInt() : null);
      }
      JsonNode serverTimings = chunk.path("timings");
      if (serverTimings.isObject()) {
        // llama.cpp's own figures (prompt_ms, predicted_ms, prompt_n, predicted_n...); the last wins.
        timings.clear();
        serverTimings.fields().forEachRemaining(f -> {
          if (f.getValue().isNumber()) {
            timings.put(f.getKey(), f.getValue().asDouble());
          }
        });
      }
      if (choice.hasNonNull("finish_reason")) {
        finishReason = choice.get("finish_reason").asText();
      }
      if (usage.isObject()) {
        if (usage.hasNonNull("prompt_tokens")) {
          promptTokens = usage.get("prompt_tokens").asInt();
        }
        if (usage.hasNonNull("completion_tokens")) {
          outputTokens = usage.get("completion_tokens").asInt();
        }
      }
    }

    private static boolean carriesText(JsonNode node, String field) {
      JsonNode text = node.get(field);
      return text != null && text.isTextual() && !text.asText().isEmpty();
    }

    @Override
    public void onFailure(EventSource source, Throwable t, Response response) {
      if (error != null) {
        return;
      }
      if (response != null && !response.isSuccessful()) {
        error = "HTTP " + response.code();
      } else if (watch.expired()) {
        error = watch.reason();
      } else if (t != null) {
        error = done ? "after end of stream: " + FailureReasons.raw(t) : reasons.describe(t, true);
      } else {
        error = "stream failed";
      }
    }

    RequestSample failed(String reason) {
      error = reason;
      return finish();
    }

    RequestSample finish() {
      long end = System.nanoTime();
      if (error == null && !done) {
        error = "stream ended without data: [DONE]";
      }
      return new RequestSample(startNanos, textChunks, end, promptTokens, outputTokens, finishReason, servedModel, error,
          firstAnswer, reasoningChunks, chunkTokens(cumulativeTokens), timings);
    }
  }

  /**
   * Tokens per text chunk from cumulative counts seen on every text chunk; empty unless every text
   * chunk carried one (a count missing anywhere leaves the split unknown).
   */
  static List<Integer> chunkTokens(List<Integer> cumulative) {
    List<Integer> perChunk = new ArrayList<>(cumulative.size());
    int previous = 0;
    for (Integer total : cumulative) {
      if (total == null || total < previous) {
        return List.of();
      }
      perChunk.add(total - previous);
      previous = total;
    }
    return perChunk;
  }
}
