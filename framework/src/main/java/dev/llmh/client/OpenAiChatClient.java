package dev.llmh.client;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmh.config.Api;
import dev.llmh.config.Config;
import dev.llmh.measure.RequestSample;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * OpenAI chat completions ({@code POST {base}/chat/completions}, SSE) — or, for {@link
 * Api#OPENAI_COMPLETIONS}, legacy completions ({@code POST {base}/completions}, {@code prompt} in,
 * {@code choices[0].text} out; the same stream otherwise): how to ask, and what each event means.
 * Each {@link #send} blocks its calling worker thread, so concurrency is exactly the number of
 * workers: no dispatcher queue sits between the load generator and the network.
 */
public final class OpenAiChatClient extends HttpProtocolClient {

  /**
   * The server-timings key of OpenAI's {@code usage.prompt_tokens_details.cached_tokens}: a count
   * beside llama.cpp's {@code cache_n}, read the same way.
   */
  public static final String CACHED_TOKENS = "cached_tokens";

  /**
   * Ask for usage on every chunk ({@code stream_options.continuous_usage_stats}), which gives
   * per-token ITL: only from a server that said it is vLLM, since strict servers reject unknown fields.
   */
  private volatile boolean continuousUsage;

  public OpenAiChatClient(String baseUrl, Optional<Config.Secret> apiKey, Duration connectTimeout, Duration readTimeout) {
    this(Api.OPENAI_CHAT, baseUrl, Credentials.bearer(apiKey), Timeouts.of(connectTimeout, readTimeout), Network.SYSTEM);
  }

  /** A client of {@link Api#OPENAI_CHAT} or {@link Api#OPENAI_COMPLETIONS}. */
  public OpenAiChatClient(Api api, String baseUrl, Credentials credentials, Timeouts timeouts, Network network) {
    super(spoken(api, api == Api.OPENAI_CHAT || api == Api.OPENAI_COMPLETIONS, "an OpenAI"), baseUrl, credentials, timeouts, network);
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

  /**
   * The model's size from the listing's {@code meta}: the embedded server's GGUF file it loaded, or
   * llama.cpp's tensor bytes; else, behind an OpenAI-compatible {@code /v1} that says nothing of sizes, Ollama's
   * native {@code /api/tags} beside it.
   */
  @Override
  public ModelBytes modelBytes(String model) {
    ModelBytes listed = ModelBytes.fromListing(http.getJson("models", false), model);
    if (listed != null) {
      return listed;
    }
    List<String> path = http.base.segments();
    if (!path.isEmpty() && "v1".equals(path.get(path.size() - 1))) {
      JsonNode tags = http.getJson("api/tags", true);
      if (tags != null && tags.path("models").isArray()) {
        // Ollama behind its /v1: the tensors of /api/show count a step's bytes, else its size whole
        ServerAnswer show = model == null ? null
            : ask("api/show", true, bytes(MAPPER.createObjectNode().put("model", model)), java.time.Duration.ofSeconds(10));
        ModelBytes shown = show == null || !show.answered() ? null : ModelBytes.fromOllamaShow(show.json());
        return shown != null ? shown : ModelBytes.fromOllamaTags(tags, model);
      }
    }
    return ModelBytes.unknown("the server's model listing gives no size for " + (model == null ? "its model" : "'" + model + "'"));
  }

  /** {@code meta.modelFile} of {@code model}'s entry in the listing: the embedded server's GGUF file name. */
  public Optional<String> listedModelFile(String model) {
    return ModelBytes.listedFile(http.getJson("models", false), model);
  }

  /** Sends one streaming request and records what arrived; failures become the sample's error. */
  @Override
  public RequestSample send(ChatRequest chat) {
    return api == Api.OPENAI_COMPLETIONS
        ? http.streams.stream("completions", completionsBody(chat, continuousUsage), chat, stream())
        : http.streams.stream("chat/completions", body(chat, continuousUsage), chat, stream());
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
    body.put("max_tokens", chat.sampling().maxTokens());
    body.put("temperature", chat.sampling().temperature());
    body.put("seed", chat.sampling().seed());
    body.put("stream", true);
    ObjectNode streamOptions = body.putObject("stream_options").put("include_usage", true);
    if (continuousUsage) {
      streamOptions.put("continuous_usage_stats", true);
    }
    if (chat.sampling().cachePrompt() != null) {
      body.put("cache_prompt", chat.sampling().cachePrompt());
    }
    if (chat.tooling().responseFormat() != null) {
      body.set("response_format", chat.tooling().responseFormat().openAi());
    }
    RequestOptions.openAi(body, chat.sampling().options());
    return bytes(body);
  }

  /** Server-sent events; each event's data is one chunk. */
  static final class Sse implements EndpointHttp.Stream {
    @Override
    public boolean accepts(String mediaType) {
      return mediaType.equals("text/event-stream");
    }

    @Override
    public String missingEnd() {
      return "stream ended without data: [DONE]";
    }

    @Override
    public LineFrames frames(StreamRecorder recorder) {
      return new SseEvents(recorder);
    }

    /** Text chunks, a last one with the finish reason and usage, and [DONE], as vLLM and llama.cpp send them. */
    @Override
    public EndpointHttp.Synthetic synthetic(int chunks) {
      List<String> events = new ArrayList<>();
      String start = "data: {\"id\":\"warm-up\",\"object\":\"chat.completion.chunk\",\"model\":\"warm-up\",\"choices\":[";
      for (int k = 0; k < chunks - 2; k++) {
        events.add(start + "{\"index\":0,\"delta\":{\"content\":\" word" + k + "\"},\"finish_reason\":null}]}\n\n");
      }
      events.add(start + "{\"index\":0,\"delta\":{},\"finish_reason\":\"length\"}],\"usage\":{\"prompt_tokens\":8,"
          + "\"completion_tokens\":" + (chunks - 2) + "}}\n\n");
      events.add("data: [DONE]\n\n");
      return new EndpointHttp.Synthetic("text/event-stream", events);
    }
  }

  /**
   * The event stream format as servers use it: {@code data:} lines (several join with a line
   * break) make one event, a blank line dispatches it, comments ({@code :}) and other fields are
   * read past.
   */
  static final class SseEvents extends LineFrames {
    private static final byte[] DATA = "data".getBytes(StandardCharsets.US_ASCII);
    private final StreamRecorder recorder;
    private byte[] data = new byte[1024];
    private int dataLength;
    private boolean hasData;

    SseEvents(StreamRecorder recorder) {
      this.recorder = recorder;
    }

    @Override
    void line(byte[] text, int length, long arrival) {
      if (length == 0) {
        if (hasData) {
          hasData = false;
          parse(recorder, arrival, data, dataLength);
        }
        dataLength = 0;
        return;
      }
      int colon = indexOf(text, length, (byte) ':');
      if (colon != DATA.length || !Arrays.equals(text, 0, colon, DATA, 0, DATA.length)) {
        return; // a comment (":..."), or a field other than data
      }
      int value = colon + 1 < length && text[colon + 1] == ' ' ? colon + 2 : colon + 1;
      if (hasData) {
        append(new byte[] {'\n'}, 0, 1);
      }
      append(text, value, length - value);
      hasData = true;
    }

    @Override
    boolean over() {
      return recorder.over();
    }

    private void append(byte[] bytes, int from, int count) {
      if (dataLength + count > data.length) {
        data = Arrays.copyOf(data, Math.max(data.length * 2, dataLength + count));
      }
      System.arraycopy(bytes, from, data, dataLength, count);
      dataLength += count;
    }

    private static int indexOf(byte[] text, int length, byte wanted) {
      for (int i = 0; i < length; i++) {
        if (text[i] == wanted) {
          return i;
        }
      }
      return -1;
    }
  }

  private static final byte[] DONE = "[DONE]".getBytes(StandardCharsets.US_ASCII);

  /** One SSE event's data, {@code data[0, length)}: a chunk of JSON, or the {@code [DONE]} terminator. */
  static void parse(StreamRecorder recorder, long now, byte[] data, int length) {
    int from = 0;
    int to = length;
    while (from < to && data[from] <= ' ') {
      from++;
    }
    while (to > from && data[to - 1] <= ' ') {
      to--;
    }
    if (Arrays.equals(data, from, to, DONE, 0, DONE.length)) {
      recorder.end();
      return;
    }
    OpenAiChunk chunk;
    try {
      chunk = OpenAiChunk.read(data, 0, length);
    } catch (IOException e) {
      // Jackson refuses bytes that are not UTF-8; decoded with U+FFFD in their place, a chunk that is
      // otherwise well-formed is read (and flagged as invalid UTF-8), as a text decoder would.
      String text = new String(data, 0, length, StandardCharsets.UTF_8);
      try {
        chunk = OpenAiChunk.read(text);
      } catch (IOException malformed) {
        recorder.fail("malformed chunk: " + EndpointHttp.excerpt(text));
        return;
      }
    }
    if (chunk.error != null) {
      recorder.fail("server error in stream: " + EndpointHttp.excerpt(chunk.error));
      return;
    }
    recorder.model(chunk.model);
    // Chat puts text in delta.content (reasoning in delta.reasoning_content or delta.reasoning);
    // legacy completions put it in choices[0].text.
    recorder.chunk(now, chunk.content != null ? chunk.content : chunk.text,
        chunk.reasoningContent != null ? chunk.reasoningContent : chunk.reasoning, chunk.completionTokens, chunk.toolCalls);
    if (chunk.timings != null) {
      // llama.cpp's own figures (prompt_ms, predicted_ms, prompt_n, predicted_n...); the last wins.
      chunk.timings.forEach(recorder::timing);
    }
    if (chunk.cachedTokens != null) {
      recorder.timing(CACHED_TOKENS, chunk.cachedTokens);
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
