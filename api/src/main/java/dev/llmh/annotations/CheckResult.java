package dev.llmh.annotations;

/**
 * What a {@link Check} method found: passed, or not with the reason a reader of the results needs
 * (what was expected, what the answer held).
 *
 * @param reason why the answer did not pass; null when it passed
 */
public record CheckResult(boolean passed, String reason) {

  private static final CheckResult PASSED = new CheckResult(true, null);

  public static CheckResult pass() {
    return PASSED;
  }

  public static CheckResult fail(String reason) {
    return new CheckResult(false, reason);
  }

  /** A {@code boolean} check's answer: no reason beyond "returned false". */
  public static CheckResult of(boolean passed) {
    return passed ? PASSED : new CheckResult(false, "returned false");
  }
}
