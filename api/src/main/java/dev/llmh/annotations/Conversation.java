package dev.llmh.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Makes each measured request a whole conversation of {@link #turns()} turns. Its {@link Prompt}
 * method takes the turn index, {@code @Prompt String next(int turn)} (1 to {@code turns}): every
 * turn sends the conversation's history so far (user and assistant messages) and then the next user
 * message, and the answer is appended to the history. Every turn is a sample (recorded with its
 * turn index); the case's metrics and budgets pool all turns; the results add per-turn figures and
 * a fit of TPOT against the context tokens. Warm-up, measurement counts and concurrency count whole
 * conversations: each worker runs one conversation after another.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Conversation {
  /** Turns per conversation: user messages sent, each answered before the next. */
  int turns();
}
