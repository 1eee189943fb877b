package dev.llmh.embedded.engine;

import java.io.IOException;
import java.util.List;

/**
 * An inference engine as the embedded HTTP server needs it. The server calls {@link #complete} from
 * at most {@link #slots()} threads at once; requests beyond that wait in the server's queue.
 */
public interface Engine extends AutoCloseable {

  /** What serves the requests, for the results file. */
  EngineInfo info();

  /** Requests served in parallel. */
  int slots();

  /** Tokens one slot's context holds: prompt plus generated tokens. */
  int slotContext();

  /** The engine's own token count for {@code text}, as usage reports it. */
  int countTokens(String text);

  /** {@code text}'s tokens as the engine splits it, each as its text; empty when this engine cannot tell. */
  default List<String> tokens(String text) {
    return List.of();
  }

  /**
   * The model's chat template applied to {@code messages} and the {@code tools} offered, ending with
   * the assistant's turn opening.
   */
  String applyChatTemplate(List<ChatMessage> messages, List<Tool> tools);

  /** The template applied to {@code messages} with no tools offered. */
  default String applyChatTemplate(List<ChatMessage> messages) {
    return applyChatTemplate(messages, List.of());
  }

  /**
   * Generates a completion of {@code request.prompt()}, handing each generated piece of text to
   * {@code sink} as soon as it is decoded. Returns when generation ends (stop, length, or
   * cancellation). If {@code sink} throws (the client went away) generation stops, the slot is
   * freed, and the exception propagates.
   *
   * @throws PromptTooLongException when prompt plus max tokens do not fit a slot's context
   */
  Completion complete(CompletionRequest request, TokenSink sink) throws IOException;

  /**
   * The distribution of the token after {@code text} (a prompt and the answer so far): the piece
   * generated there, {@code chosen}, with its natural-log probability, and the {@code k} most likely
   * tokens with theirs. Null when this engine cannot tell.
   */
  default Logprobs logprobs(String text, int k, String chosen) throws IOException {
    return null;
  }

  @Override
  void close();

  /** One generated position's log-probabilities, most likely first in {@code top}. */
  record Logprobs(String token, double logprob, List<Top> top) {
    public Logprobs {
      top = List.copyOf(top);
    }
  }

  /** One of the most likely tokens at a position: its text and natural-log probability. */
  record Top(String token, double logprob) {}

  /** One chat message. */
  record ChatMessage(String role, String content) {}

  /** A function offered as a tool: its name, description and the JSON Schema of its parameters, as text. */
  record Tool(String name, String description, String parameters) {}

  /**
   * @param stop strings that end generation when produced (not included in the output)
   * @param cachePrompt reuse the longest prefix this prompt shares with what the slot last held, as
   *     llama.cpp's {@code cache_prompt} does, rather than prefilling the whole prompt again
   * @param jsonSchema a JSON Schema the output must follow, its text ({@code {"type":"object"}} for any JSON
   *     object), enforced while sampling; null for unconstrained output
   */
  record CompletionRequest(
      String prompt, int maxTokens, double temperature, long seed, List<String> stop, boolean cachePrompt,
      String jsonSchema) {
    public CompletionRequest {
      stop = stop == null ? List.of() : List.copyOf(stop);
    }

  }

  /** Receives generated text piece by piece. */
  @FunctionalInterface
  interface TokenSink {
    void accept(String piece) throws IOException;
  }

  /**
   * What the engine did, counted by its own tokenizer; times in the style of llama.cpp's
   * {@code timings}.
   *
   * @param finishReason {@code stop} (end of generation or a stop string) or {@code length}
   */
  record Completion(
      int promptTokens, int completionTokens, String finishReason, double promptMs, double predictedMs) {}

  /**
   * Identity of the engine and model, recorded with every result it serves.
   *
   * @param tensorType how the weight matrices are stored ({@code F32}, {@code F16}, {@code Q8_0}): the quantisation
   * @param architecture the model's architecture as GGUF names it ({@code llama})
   */
  record EngineInfo(
      String engine,
      String engineVersion,
      String modelFile,
      long modelBytes,
      String modelSha256,
      String modelShape,
      String tensorType,
      String architecture) {}

  /** A JSON schema the engine cannot enforce: the server answers 400 with this message. */
  final class UnusableSchemaException extends IllegalArgumentException {
    public UnusableSchemaException(String message) {
      super(message);
    }
  }

  /** A prompt that cannot fit: the server answers 400 with this message, never truncating silently. */
  final class PromptTooLongException extends IllegalArgumentException {
    public PromptTooLongException(String message) {
      super(message);
    }
  }
}
