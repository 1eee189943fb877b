package dev.llmh.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A parameter swept over its values: every combination of all {@code @Param} fields is a case. The
 * field may be a {@code String}, {@code int}, {@code long}, {@code double} or {@code boolean}; values
 * are checked at compile time.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface Param {
  String[] value();
}
