package dev.llmh.constraint;

import java.util.Arrays;
import java.util.List;

/** What a metric measures, which decides the units its budget may be written in. */
public enum Dimension {
  TIME,
  RATIO,
  TOKEN_RATE,
  REQUEST_RATE,
  BYTES,
  ENERGY,
  POWER,
  MONEY,
  COUNT,
  /** A judge's score, 1 to 5: a bare number that may have decimals ({@code judge_score >= 3.5}). */
  SCORE,
  /** Information in nats (natural logarithm): a KL divergence. */
  INFORMATION;

  /** For error messages: "a time", "a token rate". */
  public String description() {
    return switch (this) {
      case TIME -> "a time";
      case RATIO -> "a ratio";
      case TOKEN_RATE -> "a token rate";
      case REQUEST_RATE -> "a request rate";
      case BYTES -> "a size in bytes";
      case ENERGY -> "an energy";
      case POWER -> "a power";
      case MONEY -> "a sum of money";
      case COUNT -> "a count";
      case SCORE -> "a score";
      case INFORMATION -> "an amount of information";
    };
  }

  /** The unit every figure of this dimension is recorded in ({@code ms}, {@code %}, {@code tok/s}...). */
  public String canonicalUnit() {
    return switch (this) {
      case TIME -> "ms";
      case RATIO -> "%";
      case TOKEN_RATE -> "tok/s";
      case REQUEST_RATE -> "req/s";
      case BYTES -> "B";
      case ENERGY -> "J";
      case POWER -> "W";
      case MONEY -> "the configured currency";
      case COUNT -> "count";
      case SCORE -> "score";
      case INFORMATION -> "nats";
    };
  }

  /**
   * The unit figures of this dimension are shown in — the console's columns, constraint messages,
   * failures — whatever unit a budget was written in, so a budget and its figure read alike.
   */
  public Unit displayUnit() {
    return switch (this) {
      case TIME -> Unit.MILLISECONDS;
      case RATIO -> Unit.PERCENT;
      case TOKEN_RATE -> Unit.TOKENS_PER_SECOND;
      case REQUEST_RATE -> Unit.REQUESTS_PER_SECOND;
      // MiB reads well from a small model's few hundred to a large one's tens of thousands
      case BYTES -> Unit.MEBIBYTES;
      case ENERGY -> Unit.JOULES;
      case POWER -> Unit.WATTS;
      case MONEY -> Unit.CURRENCY;
      case COUNT -> Unit.COUNT;
      case SCORE -> Unit.SCORE;
      case INFORMATION -> Unit.NATS;
    };
  }

  /** The units a budget of this dimension may use, for error messages: "ns, us, ms, s or min". */
  public String units() {
    if (this == COUNT) {
      return "a bare integer";
    }
    if (this == SCORE) {
      return "a bare number from 1 to 5";
    }
    if (this == INFORMATION) {
      return "nats, or a bare number of them";
    }
    if (this == MONEY) {
      return "a currency code such as USD (the configured llmh.cost.currency)";
    }
    List<String> symbols = Arrays.stream(Unit.values()).filter(u -> u.dimension() == this).map(Unit::symbol).toList();
    return symbols.size() == 1 ? symbols.get(0)
        : String.join(", ", symbols.subList(0, symbols.size() - 1)) + " or " + symbols.get(symbols.size() - 1);
  }
}
