package dev.llmh.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Tools the model may call, offered with every request of the class's prompts: a JSON file on the
 * test classpath (e.g. {@code src/test/resources/weather-tools.json}) holding an array of
 * OpenAI-style tool definitions, {@code [{"type": "function", "function": {"name": ..., "description":
 * ..., "parameters": {...}}}]}. It is sent as {@code tools} in OpenAI chat bodies and in Ollama
 * {@code /api/chat} bodies; a prompt-only protocol (OpenAI completions, Ollama generate) cannot carry
 * it and the case is not run. A missing or malformed file fails the case before its first request,
 * naming the file.
 *
 * <p>A streamed tool call is generated output: a chunk carrying a piece of one counts for TTFT, ITL
 * and the chunk count as a chunk of text does, and each sample records the calls it assembled
 * ({@code samples[].tool_calls}). {@link ExpectToolCall} checks them.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Tools {
  /** The file's path on the test classpath, e.g. {@code "weather-tools.json"}. */
  String value();
}
