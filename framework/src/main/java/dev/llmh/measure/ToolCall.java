package dev.llmh.measure;

import java.util.Objects;

/**
 * One tool call an answer made, assembled from the stream: as recorded in {@code samples[].tool_calls}.
 *
 * @param name the function's name as the model wrote it, or null when the stream gave none
 * @param arguments the arguments' text as streamed, its pieces joined in order (OpenAI
 *     {@code function.arguments}); an Ollama call's arguments object written as JSON. Not parsed here:
 *     whether it is well-formed is what {@code @ExpectToolCall} checks
 */
public record ToolCall(String name, String arguments) {
  public ToolCall {
    Objects.requireNonNull(arguments, "arguments");
  }
}
