package dev.llmh.config;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A request rate as written in {@code @Load(rate)}: {@code 4/s}, {@code 240/min}, {@code 2/h}.
 *
 * @param perSecond requests per second, above zero
 * @param text how it is shown and recorded ({@code params.rate}), as written without spaces
 */
public record Rate(double perSecond, String text) {
  private static final Pattern RATE = Pattern.compile("\\s*(\\d+(?:\\.\\d+)?)\\s*(?:req)?\\s*/\\s*(s|min|h)\\s*");

  public Rate {
    if (!(perSecond > 0) || Double.isInfinite(perSecond)) {
      throw new IllegalArgumentException("a rate must be above zero, was " + perSecond + "/s");
    }
  }

  /** A rate of {@code perSecond} requests per second, shown as {@code 8/s}. */
  public static Rate perSecond(double perSecond) {
    String number = perSecond == Math.rint(perSecond) ? String.valueOf((long) perSecond) : String.valueOf(perSecond);
    return new Rate(perSecond, number + "/s");
  }

  public static Rate parse(String written) {
    Optional<String> problem = problem(written);
    if (problem.isPresent()) {
      throw new IllegalArgumentException(problem.get());
    }
    Matcher m = RATE.matcher(written.toLowerCase(Locale.ROOT));
    m.matches();
    double count = Double.parseDouble(m.group(1));
    double seconds = switch (m.group(2)) {
      case "s" -> 1;
      case "min" -> 60;
      default -> 3600;
    };
    return new Rate(count / seconds, m.group(1) + "/" + m.group(2));
  }

  /** What is wrong with {@code written} as a rate, if anything, saying how to write one. */
  public static Optional<String> problem(String written) {
    Matcher m = RATE.matcher(written == null ? "" : written.toLowerCase(Locale.ROOT));
    if (!m.matches()) {
      return Optional.of("rate \"" + written + "\" is not a rate; write requests per unit of time, e.g. \"4/s\", \"240/min\" or \"0.5/s\"");
    }
    if (!(Double.parseDouble(m.group(1)) > 0)) {
      return Optional.of("rate \"" + written + "\" must be above zero (a closed loop at one request in flight is @Concurrency(1))");
    }
    return Optional.empty();
  }

  @Override
  public String toString() {
    return text;
  }
}
