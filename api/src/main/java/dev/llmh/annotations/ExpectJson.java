package dev.llmh.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A built-in {@link Check} on every measured answer of the class's prompts: the whole answer, less
 * surrounding whitespace, parses as one JSON object, and that object carries every key of
 * {@code requiredKeys} at its top level. Anything around the object (a code fence, a sentence) fails
 * it, as an application parsing the answer would. The reason recorded says what broke: the parse error, the type
 * that came instead of an object, or the keys missing. It counts towards {@code success_rate}
 * under the name {@code ExpectJson}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface ExpectJson {
  /** Top-level keys the object must carry, e.g. {@code {"name", "year"}}; none to ask only for an object. */
  String[] requiredKeys() default {};
}
