package dev.llmh.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A budget the case must meet, in the form {@code metric[.stat] [regression] op quantity}, e.g.
 * {@code "tpot.p50 < 150ms"} or {@code "e2e.p95 <= 12s"}. Checked at compile time.
 */
@Documented
@Repeatable(Constraints.class)
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.FIELD, ElementType.METHOD})
public @interface Constraint {
  String value();
}
