package dev.llmh.config;

import dev.llmh.constraint.Dimension;
import dev.llmh.constraint.Unit;
import java.time.Duration;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A span of time as written in an annotation, {@code 60s} or {@code 500ms}, read the way budgets are. */
public final class TimeSpan {
  private static final Pattern SPAN = Pattern.compile("\\s*(\\d+(?:\\.\\d+)?)\\s*([a-z]+)\\s*");

  private TimeSpan() {}

  public static Duration parse(String written) {
    problem(written).ifPresent(p -> {
      throw new IllegalArgumentException(p);
    });
    Matcher m = SPAN.matcher(written);
    m.matches();
    double millis = Unit.bySymbol(m.group(2)).orElseThrow().toCanonical(Double.parseDouble(m.group(1)));
    return Duration.ofNanos(Math.round(millis * 1_000_000));
  }

  /** What is wrong with {@code written} as a span of time above zero, if anything. */
  public static Optional<String> problem(String written) {
    Matcher m = SPAN.matcher(written == null ? "" : written);
    Optional<Unit> unit = m.matches() ? Unit.bySymbol(m.group(2)) : Optional.empty();
    if (unit.isEmpty() || unit.get().dimension() != Dimension.TIME) {
      return Optional.of("\"" + written + "\" is not a duration; write e.g. \"60s\", \"5min\" or \"500ms\"");
    }
    if (!(unit.get().toCanonical(Double.parseDouble(m.group(1))) > 0)) {
      return Optional.of("\"" + written + "\" must be above zero");
    }
    return Optional.empty();
  }
}
