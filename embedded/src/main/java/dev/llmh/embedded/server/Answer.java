package dev.llmh.embedded.server;

import dev.llmh.embedded.engine.Engine.Completion;
import java.io.IOException;

/**
 * One answer of the {@link EmbeddedServer} being written, in the API the request came in: OpenAI's
 * ({@link Reply}) or Ollama's ({@link OllamaReply}).
 */
interface Answer {

  /** The engine's sink: one decoded piece. Throws when the client is gone, which makes the engine stop. */
  void piece(String piece) throws IOException;

  /** The end of a generation: what is still held, then the API's last event or the whole body. */
  void finish(Completion completion) throws IOException;

  /** A failure: a plain error response if nothing was sent yet, else an error event in the stream. */
  void fail(int status, String type, String message) throws IOException;

  /** Whether a write to the client failed: the engine's exception is then ours, not a failure. */
  boolean clientGone();
}
