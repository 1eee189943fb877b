package dev.llmh.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Whether the server's prefix cache may serve part of each prompt. {@code -Dllmh.promptCache}
 * ({@code unique} or {@code shared}) overrides it; the results record the mode as
 * {@code promptCache}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.FIELD, ElementType.METHOD})
public @interface PromptCache {
  Mode value();

  /** How each request's text is made, and what the server is told about its cache. */
  enum Mode {
    /**
     * The default: every request starts with a marker unique to it (the system prompt's start when
     * there is one, else the user text's), and {@code cache_prompt: false} goes to servers that take
     * it, so TTFT measures the whole prefill. Recorded as {@code unique-prefix}.
     */
    UNIQUE,
    /**
     * The system prompt and the user text are byte-identical on every request; only a short marker
     * unique to the request ends the user text, so no server can answer from a response cache while
     * everything before it is a cacheable prefix. {@code cache_prompt: true} goes to servers that
     * take it. TTFT then measures what a warm prefix cache leaves to prefill. Recorded as
     * {@code shared-prefix}.
     */
    SHARED
  }
}
