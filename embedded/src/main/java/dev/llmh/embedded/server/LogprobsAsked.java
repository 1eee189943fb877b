package dev.llmh.embedded.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmh.front.BadRequest;
import java.io.IOException;

/**
 * How many top log-probabilities a request asks for per generated token, in any of the three
 * spellings: chat's {@code logprobs: true} with {@code top_logprobs: k}, legacy completions'
 * {@code logprobs: k}, llama.cpp's {@code n_probs: k}. Read from the body apart from the shared
 * request parser, which has no use for it.
 */
final class LogprobsAsked {
  /** OpenAI's ceiling for {@code top_logprobs}. */
  static final int MOST = 20;
  /** Not asked: the answer carries no log-probabilities. */
  static final int NONE = -1;

  private LogprobsAsked() {}

  /** The top tokens asked per position (0: only the chosen token's), or {@link #NONE}. */
  static int of(byte[] body, ObjectMapper mapper) throws BadRequest {
    JsonNode root;
    try {
      root = mapper.readTree(body);
    } catch (IOException e) {
      return NONE; // the request parser has already said what is wrong with it
    }
    int asked = NONE;
    JsonNode logprobs = root.path("logprobs");
    if (logprobs.isBoolean() && logprobs.booleanValue()) {
      asked = root.path("top_logprobs").isIntegralNumber() ? root.path("top_logprobs").intValue() : 0;
    } else if (logprobs.isIntegralNumber()) {
      asked = logprobs.intValue();
    }
    if (root.path("n_probs").isIntegralNumber() && root.path("n_probs").intValue() > 0) {
      asked = Math.max(asked, root.path("n_probs").intValue());
    }
    if (asked > MOST) {
      throw new BadRequest("at most " + MOST + " top log-probabilities per token, asked " + asked);
    }
    return asked < 0 ? NONE : asked;
  }
}
