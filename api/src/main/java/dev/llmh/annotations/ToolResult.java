package dev.llmh.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Makes turn {@link #turn()} of a {@link Conversation} carry a tool's result back instead of a user
 * message: that turn sends the history — in which the previous answer's assistant message carries the
 * tool calls it made — and then one {@code "role": "tool"} message answering each of those calls,
 * and no user message. Its content is the turn's own text (what the {@link Prompt} method returns for
 * that turn), or, when {@link #file()} is given, that file on the test classpath, read before the
 * case's first request (missing, it fails the case naming it). A long tool output is exactly the
 * prompt short-prompt TTFT says nothing about: the turn's TTFT pays its prefill.
 *
 * <p>A previous answer that made no tool call still gets the tool message, with no call to answer:
 * a server that refuses it fails the turn with its reason, counted as any failure. Needs
 * {@link Tools}, since a call needs a tool to call.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface ToolResult {
  /** The turn (2 to {@code turns}) whose message is the tool's result: it answers the calls of turn {@code turn - 1}. */
  int turn();

  /** The result's text as a file on the test classpath, e.g. {@code "weather-result.json"}; empty to send the turn's own text. */
  String file() default "";
}
