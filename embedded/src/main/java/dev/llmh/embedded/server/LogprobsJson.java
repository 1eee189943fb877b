package dev.llmh.embedded.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmh.embedded.engine.Engine;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The log-probabilities of an answer, written as OpenAI writes them: for chat, {@code logprobs:
 * {content: [{token, logprob, bytes, top_logprobs: [{token, logprob, bytes}]}]}}; for legacy
 * completions, {@code logprobs: {tokens, token_logprobs, top_logprobs: [{token: logprob}],
 * text_offset}}. Streamed, each chunk carries its own token's; otherwise the whole answer's at once.
 */
final class LogprobsJson {
  private final ObjectMapper mapper;
  private final boolean chat;
  private final List<Engine.Logprobs> positions = new ArrayList<>();
  private final List<Integer> offsets = new ArrayList<>();
  private int offset;
  /** Positions before this one went out with a streamed chunk. */
  private int sent;

  LogprobsJson(ObjectMapper mapper, boolean chat, int promptChars) {
    this.mapper = mapper;
    this.chat = chat;
    this.offset = promptChars;
  }

  /** Keeps a position for the whole answer. */
  void add(Engine.Logprobs position) {
    positions.add(position);
    offsets.add(offset);
    offset += position.token().length();
  }

  /**
   * The positions no streamed chunk carried yet, for the next chunk, or null when there are none:
   * a piece held back (it may begin a tag) sends its position with the chunk that sends its text.
   */
  ObjectNode unsent() {
    if (sent == positions.size()) {
      return null;
    }
    ObjectNode json = write(sent, positions.size());
    sent = positions.size();
    return json;
  }

  /** Every position so far. */
  ObjectNode whole() {
    return write(0, positions.size());
  }

  private ObjectNode write(int from, int to) {
    ObjectNode root = mapper.createObjectNode();
    if (chat) {
      ArrayNode content = root.putArray("content");
      for (Engine.Logprobs p : positions.subList(from, to)) {
        ObjectNode entry = token(content.addObject(), p.token(), p.logprob());
        ArrayNode top = entry.putArray("top_logprobs");
        p.top().forEach(t -> token(top.addObject(), t.token(), t.logprob()));
      }
      return root;
    }
    ArrayNode tokens = root.putArray("tokens");
    ArrayNode logprobs = root.putArray("token_logprobs");
    ArrayNode tops = root.putArray("top_logprobs");
    ArrayNode textOffset = root.putArray("text_offset");
    for (int i = from; i < to; i++) {
      Engine.Logprobs p = positions.get(i);
      tokens.add(p.token());
      number(logprobs, p.logprob());
      if (p.top().isEmpty() && Double.isNaN(p.logprob())) {
        tops.addNull(); // an echoed prompt's first token: nothing before it to condition on
      } else {
        ObjectNode top = tops.addObject();
        p.top().forEach(t -> top.putIfAbsent(t.token(), mapper.getNodeFactory().numberNode(t.logprob())));
      }
      textOffset.add(offsets.get(i));
    }
    return root;
  }

  private ObjectNode token(ObjectNode node, String token, double logprob) {
    node.put("token", token);
    if (Double.isNaN(logprob)) {
      node.putNull("logprob"); // a piece that is not one token of the vocabulary: unknown, not zero
    } else {
      node.put("logprob", logprob);
    }
    ArrayNode bytes = node.putArray("bytes");
    for (byte b : token.getBytes(StandardCharsets.UTF_8)) {
      bytes.add(b & 0xff);
    }
    return node;
  }

  private static void number(ArrayNode array, double value) {
    if (Double.isNaN(value)) {
      array.addNull();
    } else {
      array.add(value);
    }
  }
}
