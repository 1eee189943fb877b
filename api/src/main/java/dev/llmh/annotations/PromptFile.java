package dev.llmh.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.platform.commons.annotation.Testable;

/**
 * Prompts from a JSON Lines file on the test classpath (e.g. {@code src/test/resources/prompts.jsonl}):
 * one case whose requests take the file's prompts in order, request {@code i} the prompt on line
 * {@code i mod n} (warm-up requests likewise, counted from the first), as {@code vllm bench serve}
 * takes a dataset's prompts. Each non-blank line is {@code {"prompt": "..."}} or a ShareGPT-style
 * record {@code {"conversations": [{"from": "human", "value": "..."}, {"from": "gpt", ...}]}}, of
 * which the first human turn is the prompt. A line may carry a {@code "category"} (a non-blank
 * string): a {@link Judge judged} suite's scores are broken down by it. A missing or malformed file fails the case before its
 * first request, naming the file and the line. The results record the file's SHA-256.
 */
@Documented
@Testable
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface PromptFile {
  /** The file's path on the test classpath, e.g. {@code "prompts.jsonl"} or {@code "data/chat.jsonl"}. */
  String value();

  /** The case name; defaults to the file's name without its extension ({@code prompts}). */
  String name() default "";
}
