package dev.llmh.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The serving machine's power draw while it generates, as the scenario declares it
 * ({@code llmh.power.watts}, which configuration overrides). Energy per token is computed from it only
 * when neither {@code nvidia-smi} nor RAPL measures the power, and is then recorded as
 * {@code energySource: "declared"}: a declared figure is never presented as measured.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.FIELD, ElementType.METHOD})
public @interface Power {
  /** Watts drawn while generating, above zero, e.g. {@code 200}. */
  double watts();
}
