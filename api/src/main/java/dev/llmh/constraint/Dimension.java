package dev.llmh.constraint;

/** What a metric measures, which decides the units its budget may be written in. */
public enum Dimension {
  TIME("a time", "ns, us, ms, s or min"),
  RATIO("a ratio", "%"),
  TOKEN_RATE("a token rate", "tok/s"),
  REQUEST_RATE("a request rate", "req/s"),
  COUNT("a count", "a bare integer");

  private final String description;
  private final String units;

  Dimension(String description, String units) {
    this.description = description;
    this.units = units;
  }

  public String description() {
    return description;
  }

  /** The unit every figure of this dimension is recorded in ({@code ms}, {@code %}, {@code tok/s}...). */
  public String canonicalUnit() {
    return switch (this) {
      case TIME -> "ms";
      case RATIO -> "%";
      case TOKEN_RATE -> "tok/s";
      case REQUEST_RATE -> "req/s";
      case COUNT -> "count";
    };
  }

  /** The units a budget of this dimension may use, for error messages. */
  public String units() {
    return units;
  }
}
