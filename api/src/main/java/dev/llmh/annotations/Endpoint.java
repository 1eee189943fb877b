package dev.llmh.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The endpoint to measure. An empty value means "not declared here": {@code -Dllmh.endpoint} /
 * {@code LLMH_ENDPOINT} decide, else the embedded default. {@code -Dllmh.model} overrides {@link #model()}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.FIELD, ElementType.METHOD})
public @interface Endpoint {
  /** Base URL of an OpenAI-compatible API, e.g. {@code http://localhost:11434/v1}, or {@code embedded}. */
  String url() default "";

  /** Model name sent with every request. */
  String model() default "";

  /**
   * The wire protocol: {@code openai-chat}, {@code openai-completions}, {@code ollama-chat} or
   * {@code ollama-generate}. Empty means detected from the URL: a base URL on port 11434 without
   * {@code /v1} is {@code ollama-chat}, anything else {@code openai-chat}. {@code -Dllmh.api} overrides.
   */
  String api() default "";

  /**
   * Server options as {@code key=value}, passed the way each protocol expects: Ollama's {@code
   * options} object (and its top-level fields {@code keep_alive}, {@code format}, {@code think},
   * {@code raw}), extra body fields for an OpenAI-compatible server (vLLM's {@code top_k}, llama.cpp's
   * {@code n_keep}). A value is sent as a number or boolean when it reads as one, as JSON when it is an
   * array or object, else as text: {@code {"num_ctx=8192", "keep_alive=10m"}}. {@code -Dllmh.options}
   * ({@code LLMH_OPTIONS}, comma-separated) replaces them.
   */
  String[] options() default {};
}
