package dev.llmh.constraint;

/** What a metric measures, which decides the units its budget may be written in. */
public enum Dimension {
  TIME("a time", "ns, us, ms or s"),
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

  /** The units a budget of this dimension may use, for error messages. */
  public String units() {
    return units;
  }
}
