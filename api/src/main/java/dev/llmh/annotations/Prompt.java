package dev.llmh.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.platform.commons.annotation.Testable;

/**
 * A prompt: a non-private {@code String} field, or a non-private no-argument method returning
 * {@code String}. It is read after the {@link Param} fields are set, so it may depend on them.
 */
@Documented
@Testable
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.METHOD})
public @interface Prompt {
  /** The case name; defaults to the member's name. */
  String name() default "";
}
