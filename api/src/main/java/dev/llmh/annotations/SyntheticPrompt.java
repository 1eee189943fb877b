package dev.llmh.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A prompt made by the harness to an exact length as the server counts it: one case per length in
 * {@link #tokens()}, each with the parameter {@code promptTokens}. Before a case is measured, the
 * harness sends a few unmeasured calibration requests (one output token each, listed in the results
 * under {@code calibration}) and adjusts the filler text until the server's own count of the prompt
 * ({@code usage.prompt_tokens}, Ollama's {@code prompt_eval_count}; chat-template tokens included)
 * is within ±2% or ±4 tokens of the target, whichever is larger. Every measured request is checked
 * against the same tolerance. The text is {@link #instruction()}, then common English words; each
 * request still starts with its unique cache-defeating marker, whose tokens are counted too.
 *
 * <p>With three or more lengths, the results carry a fitted line of TTFT against prompt tokens
 * ({@code fits}): its slope is the server's prefill rate.
 *
 * <pre>{@code
 * @LlmBenchmark
 * @SyntheticPrompt(tokens = {128, 512, 2048})
 * @MaxTokens(16)
 * public class PrefillSweep {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface SyntheticPrompt {
  /** The prompt lengths, in the server's tokens: one case each, in this order. */
  int[] tokens();

  /** The case name, as a {@code @Prompt}'s. */
  String name() default "synthetic";

  /** Text placed before the filler (its tokens count towards the length), e.g. "Summarise this:". */
  String instruction() default "";
}
