package dev.llmh.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The system prompt of every request of the scenario: a non-private {@code String} field, or a
 * non-private no-argument method returning {@code String}; at most one per scenario. It is read
 * from the same instance as the prompt, after the {@link Param} fields are set.
 *
 * <p>It goes out as the protocol expects: a {@code system} message before the user message (OpenAI
 * and Ollama chat), Ollama generate's {@code system} field, or, for OpenAI completions, which have no
 * roles, the text followed by a blank line before the prompt.
 *
 * <p>Keep it byte-identical between requests: a server's prefix cache only reuses an identical
 * prefix, so a timestamp or an id near the top costs the whole prefill every time (see
 * {@link PromptCache}). The annotation processor warns when the member reads the clock or a random
 * id.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.METHOD})
public @interface SystemPrompt {}
