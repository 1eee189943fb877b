package dev.llmh.sim;

/** The wire protocols the simulator serves, one per path. */
enum Protocol {
  /** {@code POST /v1/chat/completions}: SSE, {@code delta.content}, reasoning in {@code delta.reasoning_content}. */
  CHAT("/v1/chat/completions"),
  /** {@code POST /v1/completions}: SSE, {@code choices[0].text}; no reasoning channel. */
  COMPLETIONS("/v1/completions"),
  /** Ollama {@code POST /api/chat}: NDJSON, {@code message.content}, reasoning in {@code message.thinking}. */
  OLLAMA_CHAT("/api/chat"),
  /** Ollama {@code POST /api/generate}: NDJSON, {@code response}, reasoning in {@code thinking}. */
  OLLAMA_GENERATE("/api/generate");

  final String path;

  Protocol(String path) {
    this.path = path;
  }

  boolean messages() {
    return this == CHAT || this == OLLAMA_CHAT;
  }

  boolean ollama() {
    return this == OLLAMA_CHAT || this == OLLAMA_GENERATE;
  }

  /** Whether the protocol has a separate channel for reasoning text. */
  boolean reasoningChannel() {
    return this != COMPLETIONS;
  }
}
