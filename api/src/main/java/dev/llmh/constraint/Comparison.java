package dev.llmh.constraint;

/** The comparison a constraint requires between the observed value and its budget. */
public enum Comparison {
  LESS("<"),
  LESS_OR_EQUAL("<="),
  GREATER(">"),
  GREATER_OR_EQUAL(">="),
  /** A count that must be exactly the budget ({@code server_preemptions == 0}): only for counts judged on their figure. */
  EQUAL("=="),
  /** How a broken {@link #EQUAL} is written; no constraint is written with it. */
  NOT_EQUAL("!=");

  private final String symbol;

  Comparison(String symbol) {
    this.symbol = symbol;
  }

  public String symbol() {
    return symbol;
  }

  public boolean holds(double observed, double budget) {
    return switch (this) {
      case LESS -> observed < budget;
      case LESS_OR_EQUAL -> observed <= budget;
      case GREATER -> observed > budget;
      case GREATER_OR_EQUAL -> observed >= budget;
      case EQUAL -> observed == budget;
      case NOT_EQUAL -> observed != budget;
    };
  }

  /** The comparison that holds exactly when this one does not: how a violation is written. */
  public Comparison negation() {
    return switch (this) {
      case LESS -> GREATER_OR_EQUAL;
      case LESS_OR_EQUAL -> GREATER;
      case GREATER -> LESS_OR_EQUAL;
      case GREATER_OR_EQUAL -> LESS;
      case EQUAL -> NOT_EQUAL;
      case NOT_EQUAL -> EQUAL;
    };
  }
}
