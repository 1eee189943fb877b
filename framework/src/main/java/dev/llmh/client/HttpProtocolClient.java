package dev.llmh.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmh.client.wire.RoundTrip;
import dev.llmh.config.Api;
import java.io.IOException;

/**
 * What the protocol clients share: the protocol spoken, the endpoint's HTTP, and what every protocol
 * writes first in a request body and reads first in a streamed chunk.
 */
abstract class HttpProtocolClient implements ProtocolClient {
  static final ObjectMapper MAPPER = new ObjectMapper();

  final Api api;
  final EndpointHttp http;

  HttpProtocolClient(Api api, String baseUrl, Credentials credentials, Timeouts timeouts, Network network) {
    this.api = api;
    this.http = new EndpointHttp(baseUrl, credentials, timeouts, network);
  }

  /** {@code api}, when this client speaks it ({@code spoken}). */
  static Api spoken(Api api, boolean spoken, String family) {
    if (!spoken) {
      throw new IllegalArgumentException("not " + family + " protocol: " + api);
    }
    return api;
  }

  @Override
  public Api api() {
    return api;
  }

  @Override
  public String baseUrl() {
    return http.base.toString();
  }

  @Override
  public ServerAnswer ask(String path, boolean fromRoot, byte[] post, java.time.Duration timeout) {
    return http.ask(path, fromRoot, post, timeout);
  }

  @Override
  public RoundTrip roundTrip() {
    return http.roundTrip();
  }

  @Override
  public long readerCpuNanos() {
    return http.streams.readerCpuNanos();
  }

  @Override
  public void close() {
    http.close();
  }

  /**
   * Synthetic streams of {@link #WARM_UP_CHUNKS} chunks, {@link #WARM_UP_ROUNDS} times: some 10,000
   * chunks, past the point where HotSpot's optimising compiler takes over a method (a few thousand
   * calls), for about a tenth of a second once per endpoint.
   */
  static final int WARM_UP_CHUNKS = 256;
  static final int WARM_UP_ROUNDS = 40;

  @Override
  public void warmUp() {
    http.streams.warmUp(stream(), WARM_UP_CHUNKS, WARM_UP_ROUNDS);
  }

  /** How this protocol frames its stream. */
  abstract EndpointHttp.Stream stream();

  /**
   * A request body with the model (when one is named) and the prompt, as one user message (after a
   * conversation's history) or as is. A system prompt goes first: as a {@code system} message; as
   * Ollama generate's {@code system} field ({@code systemField}); else, for a protocol without roles
   * (OpenAI completions), as text followed by a blank line before the prompt. {@code systemField} is
   * Ollama's, which also takes a history's tool-call arguments as objects.
   */
  static ObjectNode startBody(ChatRequest chat, boolean asMessage, boolean systemField) {
    ObjectNode body = MAPPER.createObjectNode();
    if (chat.model() != null) {
      body.put("model", chat.model());
    }
    if (asMessage) {
      ArrayNode messages = body.putArray("messages");
      if (chat.messages().system() != null) {
        messages.addObject().put("role", "system").put("content", chat.messages().system());
      }
      if (chat.conversation()) {
        HistoryMessages.add(messages, chat.messages().history(), systemField);
      }
      if (chat.messages().prompt() != null) { // null on a turn that carries a tool's result back, which ends the history
        ObjectNode message = messages.addObject();
        message.put("role", "user");
        message.put("content", chat.messages().prompt());
      }
      if (chat.tooling().tools() != null) {
        body.set("tools", chat.tooling().tools().json());
      }
    } else if (chat.conversation() && !chat.messages().history().isEmpty()) {
      // The engine refuses a conversation on a prompt-only protocol before its first request.
      throw new IllegalArgumentException("a conversation's history needs a chat protocol, not a single prompt");
    } else if (chat.messages().system() != null && systemField) {
      body.put("system", chat.messages().system());
      body.put("prompt", chat.messages().prompt());
    } else {
      body.put("prompt", chat.messages().system() == null ? chat.messages().prompt() : chat.messages().system() + "\n\n" + chat.messages().prompt());
    }
    return body;
  }

  static byte[] bytes(ObjectNode body) {
    try {
      return MAPPER.writeValueAsBytes(body);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * One streamed chunk of JSON, with the served model noted; null when it is malformed or reports a
   * server error, which fails the request.
   */
  static JsonNode chunk(StreamRecorder recorder, byte[] text, int length) {
    JsonNode chunk;
    try {
      chunk = MAPPER.readTree(text, 0, length);
    } catch (IOException e) {
      // Bytes that are not UTF-8 are read as U+FFFD (and flagged), as a text decoder would; only JSON that is not is malformed.
      String decoded = new String(text, 0, length, java.nio.charset.StandardCharsets.UTF_8);
      try {
        chunk = MAPPER.readTree(decoded);
      } catch (IOException malformed) {
        recorder.fail("malformed chunk: " + EndpointHttp.excerpt(decoded));
        return null;
      }
    }
    if (chunk.hasNonNull("error")) {
      recorder.fail("server error in stream: " + EndpointHttp.excerpt(chunk.get("error").toString()));
      return null;
    }
    if (chunk.hasNonNull("model")) {
      recorder.model(chunk.get("model").asText());
    }
    return chunk;
  }
}
