package dev.llmh.embedded.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmh.embedded.engine.Engine;
import java.io.IOException;

/**
 * The engine's sink for a request that asked for log-probabilities: before each piece is written,
 * the distribution of its position, after the prompt and the pieces before it, is asked of the
 * engine. That costs a forward pass over the whole text per piece, so such an answer streams
 * slower: its timing is not a figure of the server's speed.
 */
final class LogprobsSink implements Engine.TokenSink {
  private final Engine engine;
  private final int topK;
  private final Reply reply;
  private final StringBuilder text;

  private LogprobsSink(Engine engine, int topK, Reply reply, String prompt) {
    this.engine = engine;
    this.topK = topK;
    this.reply = reply;
    this.text = new StringBuilder(prompt);
  }

  /**
   * {@code reply}'s own sink when nothing is asked ({@code topK} {@link LogprobsAsked#NONE}), else one
   * adding them; {@code echoed}: the prompt's own positions come first, their offsets from 0.
   */
  static Engine.TokenSink of(int topK, Engine engine, String prompt, Reply reply, ObjectMapper mapper, boolean chat, boolean echoed) {
    if (topK == LogprobsAsked.NONE) {
      return reply::piece;
    }
    reply.withLogprobs(new LogprobsJson(mapper, chat, echoed ? 0 : prompt.length()));
    return new LogprobsSink(engine, topK, reply, prompt);
  }

  @Override
  public void accept(String piece) throws IOException {
    Engine.Logprobs position = piece.isEmpty() ? null : engine.logprobs(text.toString(), topK, piece);
    reply.piece(piece, position);
    text.append(piece);
  }
}
