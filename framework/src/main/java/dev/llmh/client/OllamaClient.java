package dev.llmh.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmh.config.Api;
import dev.llmh.config.Config;
import dev.llmh.measure.RequestSample;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Streams Ollama's native API — {@code POST {base}/api/chat} (messages) or {@code POST
 * {base}/api/generate} (prompt) — one JSON object per line, each timestamped as its line arrives on
 * the sending thread. The last line ({@code "done": true}) carries Ollama's own counters: {@code
 * eval_count} (output tokens), {@code prompt_eval_count}, and {@code load_duration}, {@code
 * prompt_eval_duration}, {@code eval_duration}, {@code total_duration} in ns, kept in ms as the
 * sample's server timings ({@code load_ms}, {@code prompt_eval_ms}, {@code eval_ms}, {@code total_ms}).
 */
public final class OllamaClient extends HttpProtocolClient {

  /** Ollama's duration fields and the names their ms values get in the sample. */
  private static final Map<String, String> DURATIONS =
      Map.of("load_duration", "load_ms", "prompt_eval_duration", "prompt_eval_ms",
          "eval_duration", "eval_ms", "total_duration", "total_ms");

  public OllamaClient(
      Api api, String baseUrl, Optional<Config.Secret> apiKey, Duration connectTimeout, Duration readTimeout) {
    this(api, baseUrl, Credentials.bearer(apiKey), Timeouts.of(connectTimeout, readTimeout), Network.SYSTEM);
  }

  public OllamaClient(Api api, String baseUrl, Credentials credentials, Timeouts timeouts, Network network) {
    super(spoken(api, api.ollama(), "an Ollama"), baseUrl, credentials, timeouts, network);
  }

  /** {@code GET /api/tags}: the models Ollama has pulled. */
  @Override
  public EndpointInfo probe() {
    return http.probe("api/tags", null, listing -> {
      List<String> ids = new ArrayList<>();
      for (JsonNode model : listing.path("models")) {
        ids.add(model.path("name").asText());
      }
      return new EndpointInfo(ids, "ollama", null);
    });
  }

  /**
   * {@code POST /api/show}: the model's {@code num_ctx} when its parameters set one. Without it Ollama
   * runs the model at its default context (2,048 or 4,096 tokens by version, not the model's maximum
   * that {@code model_info} states), which no endpoint reports: then null.
   */
  @Override
  public ServerContext context(String model) {
    if (model == null) {
      return null;
    }
    JsonNode show = http.postJson("api/show", bytes(MAPPER.createObjectNode().put("model", model)));
    Integer numCtx = show == null ? null : numCtx(show.path("parameters").asText(""));
    return numCtx == null ? null : new ServerContext(numCtx, "/api/show parameters num_ctx");
  }

  /**
   * The bytes a decode step reads, per tensor from {@code POST /api/show}'s {@code tensors} where it
   * lists them; else {@code models[].size} in {@code GET /api/tags}, the bytes of the model's files
   * as pulled, taken whole.
   */
  @Override
  public ModelBytes modelBytes(String model) {
    if (model != null) {
      ModelBytes shown = ModelBytes.fromOllamaShow(http.postJson("api/show", bytes(MAPPER.createObjectNode().put("model", model))));
      if (shown != null) {
        return shown;
      }
    }
    return ModelBytes.fromOllamaTags(http.getJson("api/tags", false), model);
  }

  /** {@code num_ctx N} in the text of Ollama's model parameters (one name and value per line). */
  public static Integer numCtx(String parameters) {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?m)^\\s*num_ctx\\s+(\\d{1,9})\\s*$").matcher(parameters);
    return m.find() ? Integer.valueOf(m.group(1)) : null;
  }

  @Override
  public RequestSample send(ChatRequest chat) {
    return http.streams.stream(api == Api.OLLAMA_CHAT ? "api/chat" : "api/generate", body(api, chat), chat, stream());
  }

  @Override
  EndpointHttp.Stream stream() {
    return new Lines();
  }

  /** Ollama takes sampling settings under {@code options}; {@code num_predict} is max_tokens. */
  static byte[] body(Api api, ChatRequest chat) {
    ObjectNode body = startBody(chat, api == Api.OLLAMA_CHAT, true);
    body.put("stream", true);
    ObjectNode options = body.putObject("options");
    options.put("num_predict", chat.sampling().maxTokens());
    options.put("temperature", chat.sampling().temperature());
    options.put("seed", chat.sampling().seed());
    if (chat.tooling().responseFormat() != null) {
      body.set("format", chat.tooling().responseFormat().ollama());
    }
    RequestOptions.ollama(body, options, chat.sampling().options());
    return bytes(body);
  }

  /** NDJSON: one JSON object per line, timestamped as the bytes that end it arrive. */
  final class Lines implements EndpointHttp.Stream {
    @Override
    public boolean accepts(String mediaType) {
      return mediaType.substring(mediaType.indexOf('/') + 1).contains("json");
    }

    @Override
    public LineFrames frames(StreamRecorder recorder) {
      return new LineFrames() {
        @Override
        void line(byte[] text, int length, long arrival) {
          parse(api, recorder, arrival, text, length);
        }

        @Override
        boolean over() {
          return recorder.over();
        }
      };
    }

    @Override
    public String missingEnd() {
      return "stream ended without its final \"done\": true line";
    }

    /** Lines of text, then the "done" line with Ollama's counters and durations. */
    @Override
    public EndpointHttp.Synthetic synthetic(int chunks) {
      List<String> lines = new ArrayList<>();
      for (int k = 0; k < chunks; k++) {
        boolean last = k == chunks - 1;
        String text = last ? "" : " word" + k;
        lines.add("{\"model\":\"warm-up\","
            + (api == Api.OLLAMA_CHAT ? "\"message\":{\"role\":\"assistant\",\"content\":\"" + text + "\"}"
                : "\"response\":\"" + text + "\"")
            + (last ? ",\"done\":true,\"done_reason\":\"length\",\"eval_count\":" + (chunks - 1)
                + ",\"prompt_eval_count\":8,\"eval_duration\":1000000,\"prompt_eval_duration\":1000000}\n" : ",\"done\":false}\n"));
      }
      return new EndpointHttp.Synthetic("application/x-ndjson", lines);
    }
  }

  private static boolean blank(byte[] line, int length) {
    for (int i = 0; i < length; i++) {
      if (line[i] > ' ') {
        return false;
      }
    }
    return true;
  }

  /** One line of the stream; the last ({@code "done": true}) carries Ollama's counters. */
  static void parse(Api api, StreamRecorder recorder, long now, byte[] line, int length) {
    if (blank(line, length)) {
      return;
    }
    JsonNode chunk = chunk(recorder, line, length);
    if (chunk == null) {
      return;
    }
    JsonNode holder = api == Api.OLLAMA_CHAT ? chunk.path("message") : chunk;
    recorder.chunk(now, EndpointHttp.text(holder, api == Api.OLLAMA_CHAT ? "content" : "response"), EndpointHttp.text(holder, "thinking"), null,
        OllamaToolCalls.of(holder));
    if (chunk.path("done").asBoolean(false)) {
      recorder.end();
      recorder.finishReason = chunk.hasNonNull("done_reason") ? chunk.get("done_reason").asText() : null;
      if (chunk.hasNonNull("eval_count")) {
        recorder.outputTokens = chunk.get("eval_count").asInt();
      }
      if (chunk.hasNonNull("prompt_eval_count")) {
        recorder.promptTokens = chunk.get("prompt_eval_count").asInt();
      }
      for (Map.Entry<String, String> d : DURATIONS.entrySet()) {
        if (chunk.hasNonNull(d.getKey())) {
          recorder.timing(d.getValue(), chunk.get(d.getKey()).asLong() / 1e6);
        }
      }
    }
  }
}
