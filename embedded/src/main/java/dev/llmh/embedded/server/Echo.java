package dev.llmh.embedded.server;

import com.fasterxml.jackson.databind.JsonNode;
import dev.llmh.embedded.engine.Engine;
import dev.llmh.front.BadRequest;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * OpenAI's {@code echo} on {@code /v1/completions}: the prompt sent back before the answer, and with
 * {@code logprobs} its every token's, as vLLM does — the first token's {@code null} (nothing precedes
 * it), each later one's distribution after the prompt's text before it. What a comparison over a
 * calibration text asks ({@code @Compare(text)}). A forward pass per prompt token: a long prompt's
 * echo takes a while, before the request waits for a slot.
 */
final class Echo {
  private Echo() {}

  /** Whether {@code root} asks for the prompt back; {@code echo} must be a boolean, and on chat is refused. */
  static boolean asked(JsonNode root, boolean chat) throws BadRequest {
    JsonNode echo = root.get("echo");
    if (echo == null || echo.isNull()) {
      return false;
    }
    if (!echo.isBoolean()) {
      throw new BadRequest("'echo' must be a boolean");
    }
    if (chat && echo.booleanValue()) {
      throw new BadRequest("'echo' is a field of /v1/completions, not of chat completions");
    }
    return echo.booleanValue();
  }

  /** Sends {@code prompt} as the answer's first text, with its tokens' log-probabilities when {@code topK} asks for them. */
  static void send(Engine engine, String prompt, int topK, Reply reply) throws IOException, BadRequest {
    List<Engine.Logprobs> positions = new ArrayList<>();
    if (topK != LogprobsAsked.NONE) {
      List<String> tokens = engine.tokens(prompt);
      if (tokens.isEmpty() || !String.join("", tokens).equals(prompt)) {
        throw new BadRequest("this engine cannot split the prompt into tokens that spell it, so it cannot echo their"
            + " log-probabilities; ask echo without logprobs");
      }
      StringBuilder before = new StringBuilder(tokens.get(0));
      positions.add(new Engine.Logprobs(tokens.get(0), Double.NaN, List.of())); // nothing to condition the first on
      for (String token : tokens.subList(1, tokens.size())) {
        positions.add(engine.logprobs(before.toString(), topK, token));
        before.append(token);
      }
    }
    reply.echo(prompt, positions);
  }
}
