package dev.llmh.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A built-in {@link Check} on every measured answer of the class's prompts: the regular expression
 * ({@link java.util.regex.Pattern} syntax) is <em>found</em> somewhere in the answer
 * ({@link java.util.regex.Matcher#find()}), not matched against the whole of it; anchor it,
 * {@code "(?s)^\\s*\\d+\\s*$"}, to ask for a full match. A pattern that does not compile is a compile
 * error. It counts towards {@code success_rate} under the name {@code ExpectRegex}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface ExpectRegex {
  /** The pattern looked for, e.g. {@code "\\b(yes|no)\\b"}. */
  String value();
}
