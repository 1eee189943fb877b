package dev.llmh.sim;

/**
 * Everything decided about one accepted request before its slot.
 *
 * @param number           1-based number of the request since the server started
 * @param completionTokens {@code min(max_tokens, naturalLength)}
 * @param finishReason     {@code "length"} when max_tokens cut the natural length, else {@code "stop"}
 */
record Plan(long number, ChatRequest request, String id, long created, int completionTokens,
    String finishReason, Protocol protocol) {

  static Plan of(long number, ChatRequest request, Protocol protocol, int naturalLength) {
    int limit = request.maxTokens();
    return new Plan(number, request, "chatcmpl-sim-" + number, System.currentTimeMillis() / 1000,
        Math.min(limit, naturalLength), naturalLength > limit ? "length" : "stop", protocol);
  }
}
