package dev.llmh.sim;

import com.fasterxml.jackson.databind.JsonNode;
import dev.llmh.front.BadRequest;
import dev.llmh.front.Message;
import dev.llmh.front.OpenAiRequest;
import dev.llmh.front.RequestBody;
import java.util.List;

/**
 * What the simulator needs of a request body, in any protocol it speaks: {@code POST
 * /v1/chat/completions} ({@code messages}) and {@code /v1/completions} ({@code prompt}), read as
 * {@link OpenAiRequest} reads them ({@code temperature} is checked and has no effect); Ollama's
 * {@code /api/chat} ({@code messages}) and {@code /api/generate} ({@code prompt}; for both,
 * {@code options.num_predict} and {@code options.seed}, and {@code stream} defaults to true; generate's
 * {@code system} text comes before the prompt). llama.cpp's {@code cache_prompt} is read (Ollama
 * has none: it always reuses its cache); other unknown fields are ignored.
 *
 * @param prompt       the prompt as the server counts and caches it
 * @param maxTokens    the request's limit, or the server's default when it gives none
 * @param contextTokens Ollama's {@code options.num_ctx}, or null when the request sets none
 * @param cachePrompt  whether a cached prefix may be reused ({@code cache_prompt}, true when not given)
 */
record ChatRequest(String model, Prompt prompt, int maxTokens, long seed, boolean stream, boolean includeUsage,
           Integer contextTokens, boolean cachePrompt) {

  /**
   * A request's prompt, as the server counts and caches it.
   *
   * @param tokens     the prompt, or the sum over the messages' content, by {@link SimTokenizer}; with a chat
   *                   template, plus its tokens per message; after truncation to the context, the truncated count
   * @param sentTokens the prompt's count before any truncation
   * @param messages   the chat messages as sent, in order; empty for a protocol that takes one prompt
   * @param prefix     what a prefix cache compares: each message's role, then its content's tokens
   */
  record Prompt(int tokens, int sentTokens, List<Message> messages, List<String> prefix) {
    Prompt {
      messages = messages == null ? List.of() : List.copyOf(messages);
      prefix = prefix == null ? List.of() : List.copyOf(prefix);
    }
  }

  /** As the server prefills it: cut to {@code context} tokens when longer, as Ollama does silently. */
  ChatRequest truncatedTo(int context) {
    return prompt.tokens() <= context ? this
        : withPrompt(new Prompt(context, prompt.sentTokens(), prompt.messages(), prompt.prefix()));
  }

  private ChatRequest withPrompt(Prompt changed) {
    return new ChatRequest(model, changed, maxTokens, seed, stream, includeUsage, contextTokens, cachePrompt);
  }

  /** Reads the body, counting a chat template's tokens per message. */
  static ChatRequest parse(byte[] body, Protocol protocol, int defaultMaxTokens, int templateTokens) throws BadRequest {
    ChatRequest request = parse(body, protocol, defaultMaxTokens);
    if (templateTokens == 0 || !protocol.messages()) {
      return request;
    }
    Prompt prompt = request.prompt();
    int counted = prompt.tokens() + templateTokens * prompt.messages().size();
    return request.withPrompt(new Prompt(counted, counted, prompt.messages(), prompt.prefix()));
  }

  static ChatRequest parse(byte[] body, Protocol protocol, int defaultMaxTokens) throws BadRequest {
    if (protocol.ollama()) {
      return ollama(RequestBody.object(body), protocol, defaultMaxTokens);
    }
    // OpenAI's default temperature; the simulator's output does not depend on it.
    OpenAiRequest.Defaults defaults = new OpenAiRequest.Defaults(defaultMaxTokens, 1.0, 0L);
    OpenAiRequest request = protocol.messages()
        ? OpenAiRequest.parseChat(body, defaults) : OpenAiRequest.parseCompletion(body, defaults);
    int promptTokens = request.chat() ? tokens(request.messages()) : SimTokenizer.countTokens(request.prompt());
    Prompt prompt = new Prompt(promptTokens, promptTokens, request.chat() ? request.messages() : List.of(),
        request.chat() ? prefix(request.messages()) : SimTokenizer.tokens(request.prompt()));
    return new ChatRequest(request.model(), prompt, request.maxTokens(), request.seed(), request.stream(),
        request.includeUsage(), null, request.cachePrompt());
  }

  /** Ollama: sampling settings under {@code options}, and streaming unless told otherwise. */
  private static ChatRequest ollama(JsonNode root, Protocol protocol, int defaultMaxTokens) throws BadRequest {
    String model = RequestBody.text(root, "model");
    List<Message> messages = List.of();
    List<Message> prefilled; // generate's system text and prompt count (and are cached) as messages would
    if (protocol.messages()) {
      messages = RequestBody.messages(root);
      prefilled = messages;
    } else {
      JsonNode prompt = root.get("prompt");
      if (prompt == null || !prompt.isTextual()) {
        throw new BadRequest("'prompt' must be a string");
      }
      String system = RequestBody.text(root, "system");
      prefilled = system == null ? List.of(new Message("user", prompt.textValue()))
          : List.of(new Message("system", system), new Message("user", prompt.textValue()));
    }
    int promptTokens = tokens(prefilled);
    JsonNode options = root.path("options");
    Integer limit = RequestBody.numPredict(options);
    long seed = options.path("seed").asLong(0L);
    JsonNode stream = root.get("stream");
    boolean streamed = stream == null || stream.isNull() || stream.asBoolean(true);
    Integer numCtx = RequestBody.integer(options.get("num_ctx"), "options.num_ctx");
    if (numCtx != null && numCtx < 1) {
      throw new BadRequest("'options.num_ctx' must be at least 1, was " + numCtx);
    }
    Prompt prompt = new Prompt(promptTokens, promptTokens, messages, prefix(prefilled));
    return new ChatRequest(model, prompt, limit == null ? defaultMaxTokens : limit, seed, streamed, false, numCtx, true);
  }

  /** Each message's role (as a unit no text token can equal) and its content's tokens, in order. */
  private static List<String> prefix(List<Message> messages) {
    List<String> prefix = new java.util.ArrayList<>();
    for (Message message : messages) {
      prefix.add("\u0000" + message.role());
      prefix.addAll(SimTokenizer.tokens(message.content()));
    }
    return prefix;
  }

  private static int tokens(List<Message> messages) {
    int n = 0;
    for (Message message : messages) {
      n += SimTokenizer.countTokens(message.content());
    }
    return n;
  }
}
