package dev.llmh.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Compares the token distribution of each case's model (the candidate) with a reference model's on
 * the case's prompt, through log-probabilities: metrics {@code kl_divergence} (KL(reference ‖
 * candidate) per token position, in nats: {@code kl_divergence.mean}, {@code kl_divergence.p99}) and
 * {@code top1_agreement} (% of positions where the candidate's most likely token is the reference's),
 * with the candidate's perplexity on the reference's greedy text in {@code results[].compare}.
 *
 * <p>Both models are asked greedily (temperature 0) through {@code POST {base}/completions} with
 * the prompt as raw text, for the top {@link #topK()} log-probabilities of each token (OpenAI
 * {@code logprobs}, llama.cpp {@code n_probs}); every position is conditioned on the same prefix,
 * the reference's greedy text (see {@code dev.llmh.compare.Comparison}). A server that returns no
 * log-probabilities leaves both metrics not measured, with the reason, and a budget on them
 * INCONCLUSIVE.
 *
 * <pre>
 * &#64;Endpoint(model = "qwen2.5:7b-instruct-q4_K_M")
 * &#64;Compare(reference = "qwen2.5:7b-instruct-fp16")
 * &#64;Constraint("kl_divergence.p99 &lt;= 0.1")
 * </pre>
 *
 * Configuration overrides it: {@code llmh.compare.reference}, {@code llmh.compare.endpoint},
 * {@code llmh.compare.topK}, {@code llmh.compare.tokens}, {@code llmh.compare.text}. Inherited, like the other settings of a base class.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Compare {
  /** The reference model's name, as its endpoint knows it (on the embedded server e.g. {@code small}). */
  String reference();

  /** The reference's endpoint, a base URL; empty: the candidate's own endpoint. */
  String endpoint() default "";

  /** Log-probabilities asked per token position, 1 to 20; 0: the default (llmh's Defaults.COMPARE_TOP_K). */
  int topK() default 0;

  /** Tokens of the reference's greedy answer compared, not negative; 0: the case's max tokens. */
  int tokens() default 0;

  /**
   * A calibration text on the test classpath, e.g. {@code "calibration.txt"}: the comparison is then
   * over every token of the text, not the reference's greedy answer, as {@code llama-perplexity
   * --kl-divergence} compares two models on a text file. Each paragraph (the text between blank
   * lines) is sent as one prompt, so each must fit the models' context; every token after a
   * paragraph's first is a position, both models conditioned on the text before it. Asked through
   * OpenAI's {@code echo} with {@code logprobs} on {@code /completions} (vLLM and the embedded server
   * answer it; llama.cpp's server and Ollama do not, which leaves the figures not measured with the
   * reason). The mean's 95% interval, resampling whole paragraphs, is recorded
   * ({@code compare.kl_divergence.mean_ci}). Empty: the greedy answer, as above.
   */
  String text() default "";
}
