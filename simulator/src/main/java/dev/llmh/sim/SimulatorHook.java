package dev.llmh.sim;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;

/**
 * Extension point for fault injection (HTTP errors, connection resets, stalls, malformed chunks).
 * The simulator consults its hook at two points of every accepted chat-completion request; the
 * default, {@link #NONE}, changes nothing. No faults are built in yet.
 */
public interface SimulatorHook {

  /** The hook that changes nothing. */
  SimulatorHook NONE = new SimulatorHook() {
  };

  /**
   * Called after a chat-completion request was authorised and parsed, before any response byte
   * and before the request queues for a slot. Return {@code true} if the hook has answered (or
   * aborted) the exchange itself; the simulator then does nothing more with it and records no
   * {@link ServedRequest}.
   *
   * @param requestNumber 1-based number of the request since the server started
   */
  default boolean interceptRequest(long requestNumber, HttpExchange exchange) throws IOException {
    return false;
  }

  /**
   * {@link #interceptRequest(long, HttpExchange)} with the request's body, which the simulator has
   * read: a hook that answers by what was asked (a stand-in judge) reads it here.
   */
  default boolean interceptRequest(long requestNumber, HttpExchange exchange, byte[] body) throws IOException {
    return interceptRequest(requestNumber, exchange);
  }

  /**
   * Called with the payload of every SSE event of a streamed response (the JSON of a chunk, or
   * {@code [DONE]}) just before it is written as {@code data: <payload>\n\n}. Return the payload
   * to send (possibly altered), or {@code null} to drop the event. May sleep to inject a stall.
   *
   * @param eventIndex 0-based index of the event within the response
   */
  default String interceptEvent(long requestNumber, int eventIndex, String payload) {
    return payload;
  }
}
