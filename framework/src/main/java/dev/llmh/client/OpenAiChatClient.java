package dev.llmh.client;

import dev.llmh.config.Api;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmh.config.Config;
import dev.llmh.measure.RequestSample;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import okhttp3.MediaType;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okhttp3.ResponseBody;
import okhttp3.sse.EventSource;
import okhttp3.sse.EventSourceListener;
import okhttp3.sse.EventSources;

/**
 * OpenAI chat completions ({@code POST {base}/chat/completions}, SSE) — or, for {@link
 * Api#OPENAI_COMPLETIONS}, legacy completions ({@code POST {base}/completions}, {@code prompt} in,
 * {@code choices[0].text} out; the same stream otherwise): how to ask, and what each event means.
 * Each {@link #send} blocks its calling worker thread, so concurrency is exactly the number of
 * workers: no dispatcher queue sits between the load generator and the network.
 */
public final class OpenAiChatClient extends HttpProtocolClient {

  /**
   * Ask for usage on every chunk ({@code stream_options.continuous_usage_stats}), which gives
   * per-token ITL: only from a server that said it is vLLM, since strict servers reject unknown fields.
   */
  private volatile boolean continuousUsage;

  public OpenAiChatClient(String baseUrl, Optional<Config.Secret> apiKey, Duration connectTimeout, Duration readTimeout) {
    this(Api.OPENAI_CHAT, baseUrl, Credentials.bearer(apiKey), Timeouts.of(connectTimeout, readTimeout));
  }

  /** A client of {@link Api#OPENAI_CHAT} or {@link Api#OPENAI_COMPLETIONS}. */
  public OpenAiChatClient(Api api, String baseUrl, Credentials credentials, Timeouts timeouts) {
    super(spoken(api, api == Api.OPENAI_CHAT || api == Api.OPENAI_COMPLETIONS, "an OpenAI"), baseUrl, credentials, timeouts);
  }

  /** Lists the endpoint's models; throws {@link EndpointException} when it cannot be used at all. */
  @Override
  public EndpointInfo probe() {
    // OpenAI-compatible servers (vLLM, Ollama, llama.cpp, the simulator) serve under /v1.
    EndpointInfo info = http.probe("models", "v1", listing -> {
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
    continuousUsage = info.takesContinuousUsage();
    return info;
  }

  /** Sends one streaming request and records what arrived; failures become the sample's error. */
  @Override
  public RequestSample send(ChatRequest chat) {
    Request request =
        api == Api.OPENAI_COMPLETIONS
            ? new Request.Builder().url(http.url("completions")).post(RequestBody.create(completionsBody(chat, continuousUsage), JSON)).build()
            : new Request.Builder().url(http.url("chat/completions")).post(RequestBody.create(body(chat, continuousUsage), JSON)).build();
    return http.stream(request, chat, stream());
  }

  @Override
  EndpointHttp.Stream stream() {
    return new Sse();
  }

  static byte[] body(ChatRequest chat, boolean continuousUsage) {
    return common(startBody(chat, true, false), chat, continuousUsage);
  }

  /** {@code POST /completions}: the prompt as-is, no chat template on the client's side. */
  static byte[] completionsBody(ChatRequest chat, boolean continuousUsage) {
    return common(startBody(chat, false, false), chat, continuousUsage);
  }

  private static byte[] common(ObjectNode body, ChatRequest chat, boolean continuousUsage) {
    body.put("max_tokens", chat.maxTokens());
    body.put("temperature", chat.temperature());
    body.put("seed", chat.seed());
    body.put("stream", true);
    ObjectNode streamOptions = body.putObject("stream_options").put("include_usage", true);
    if (continuousUsage) {
      streamOptions.put("continuous_usage_stats", true);
    }
    if (chat.cachePrompt() != null) {
      body.put("cache_prompt", chat.cachePrompt());
    }
    RequestOptions.openAi(body, chat.options());
    return bytes(body);
  }

  /** Server-sent events, read by OkHttp's SSE reader; each event's data is one chunk. */
  final class Sse implements EndpointHttp.Stream {
    @Override
    public boolean accepts(MediaType type) {
      return type.type().equals("text") && type.subtype().equals("event-stream");
    }

    @Override
    public void read(Response response, ArrivalClock clock, StreamRecorder recorder) {
      EventSources.processResponse(response, new EventSourceListener() {
        @Override
        public void onEvent(EventSource source, String id, String type, String data) {
          long now = clock.lastArrival();
          if (recorder.over()) {
            return;
          }
          parse(recorder, now, data);
          if (recorder.over() && !recorder.done()) {
            source.cancel(); // a broken stream is not read to its end
          }
        }

        @Override
        public void onFailure(EventSource source, Throwable t, Response failed) {
          if (!recorder.over()) {
            recorder.fail(t == null ? "stream failed" : http.failureReason(recorder, t));
          }
        }
      });
    }

    @Override
    public String missingEnd() {
      return "stream ended without data: [DONE]";
    }

    /** Text chunks, a last one with the finish reason and usage, and [DONE], as vLLM and llama.cpp send them. */
    @Override
    public ResponseBody synthetic(int chunks) {
      StringBuilder events = new StringBuilder();
      String start = "data: {\"id\":\"warm-up\",\"object\":\"chat.completion.chunk\",\"model\":\"warm-up\",\"choices\":[";
      for (int k = 0; k < chunks - 2; k++) {
        events.append(start).append("{\"index\":0,\"delta\":{\"content\":\" word").append(k)
            .append("\"},\"finish_reason\":null}]}\n\n");
      }
      events.append(start).append("{\"index\":0,\"delta\":{},\"finish_reason\":\"length\"}],\"usage\":{\"prompt_tokens\":8,")
          .append("\"completion_tokens\":").append(chunks - 2).append("}}\n\ndata: [DONE]\n\n");
      return ResponseBody.create(events.toString(), MediaType.get("text/event-stream"));
    }
  }

  /** One SSE event's data: a chunk of JSON, or the {@code [DONE]} terminator. */
  static void parse(StreamRecorder recorder, long now, String data) {
    if ("[DONE]".equals(data.strip())) {
      recorder.end();
      return;
    }
    OpenAiChunk chunk;
    try {
      chunk = OpenAiChunk.read(data);
    } catch (IOException e) {
      recorder.fail("malformed chunk: " + EndpointHttp.excerpt(data));
      return;
    }
    if (chunk.error != null) {
      recorder.fail("server error in stream: " + EndpointHttp.excerpt(chunk.error));
      return;
    }
    recorder.model(chunk.model);
    // Chat puts text in delta.content (reasoning in delta.reasoning_content or delta.reasoning);
    // legacy completions put it in choices[0].text.
    recorder.chunk(now, chunk.content != null ? chunk.content : chunk.text,
        chunk.reasoningContent != null ? chunk.reasoningContent : chunk.reasoning, chunk.completionTokens);
    if (chunk.timings != null) {
      // llama.cpp's own figures (prompt_ms, predicted_ms, prompt_n, predicted_n...); the last wins.
      chunk.timings.forEach(recorder::timing);
    }
    if (chunk.finishReason != null) {
      recorder.finishReason = chunk.finishReason;
    }
    if (chunk.promptTokens != null) {
      recorder.promptTokens = chunk.promptTokens;
    }
    if (chunk.completionTokens != null) {
      recorder.outputTokens = chunk.completionTokens;
    }
    if (chunk.reasoningTokens != null) {
      recorder.reasoningTokens = chunk.reasoningTokens;
    }
  }
}
