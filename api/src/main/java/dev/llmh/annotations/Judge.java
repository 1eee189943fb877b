package dev.llmh.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Every measured answer of the class's prompts is scored 1–5 against {@link #rubric()} by a judge
 * model, after the case's measured requests have ended (never on the timing path), each in a request
 * of its own that asks for {@code {"score": n, "rationale": "..."}}; a reply that is not exactly that,
 * a score outside 1–5 and a failed judge request are judge failures, counted with their reason
 * ({@code judge.judge_failures}, {@code judge.failure_reasons}), never a score. Per sample {@code judge: {label, score, rationale}}; per
 * case the metric {@code judge_score}, the mean score with its t interval, which a budget takes:
 * {@code @Constraint("judge_score >= 3.5")}. Scores are broken down by the {@code category} of a
 * {@code @PromptFile}'s lines.
 *
 * <p>Blinded: the judge sees an answer under a label ({@code Answer C}),
 * never the model's name; when the scenario compares several models, the answers to the same prompt
 * (and parameters) are relabelled and shuffled, with a recorded seed, before any is judged. Every
 * answer, its label, score and rationale go to {@code target/llmh/answers-<timestamp>.md} for a person
 * to review. {@code -Dllmh.judge.endpoint} and {@code -Dllmh.judge.model} override the annotation.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Judge {
  /** The judge's model, e.g. {@code qwen2.5:14b-instruct}; empty: the judge endpoint's own choice. */
  String model() default "";

  /** What a good answer is, shown to the judge with every answer, e.g. "correct, concise, answers the question asked". */
  String rubric();

  /** Base URL of the judge's endpoint; empty: the endpoint the scenario measures. */
  String endpoint() default "";

  /** Longest judge reply in tokens. */
  int maxTokens() default dev.llmh.config.Defaults.JUDGE_MAX_TOKENS;
}
