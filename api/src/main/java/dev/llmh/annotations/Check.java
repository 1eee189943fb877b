package dev.llmh.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A check on every measured answer: a non-private method taking the whole answer text and returning
 * whether it passed, {@code boolean name(String answer)}, or why not, {@code CheckResult name(String
 * answer)}. A check whose answer depends on the question — a sum, a name to copy from the prompt —
 * takes the prompt first: {@code boolean name(String prompt, String answer)}, the user's text as the
 * scenario wrote it (without the marker LLMH adds to every request; a conversation's current turn). It runs after the request has ended, on the worker thread that sent it (never while the
 * stream is read, so it costs no measured time), on a new scenario instance with its {@link Param}
 * fields set, as a prompt is read. A check that throws is a failed check with the exception as its
 * reason. A failed request's answer is not checked: it counts as not passed.
 *
 * <p>Each sample records {@code checks: [{name, passed, reason}]}; the case measures
 * {@code success_rate}, the % of measured requests whose answer passed every check, which a
 * constraint can budget: {@code @Constraint("success_rate >= 95%")}. The checks of a class apply to
 * every prompt of it.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Check {}
