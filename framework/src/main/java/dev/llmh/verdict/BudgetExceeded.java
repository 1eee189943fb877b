package dev.llmh.verdict;

import org.opentest4j.AssertionFailedError;

/**
 * Thrown when a case breaks a budget: an assertion error, so Surefire fails the build and IDEs show
 * expected (the budgets) against actual (the observed values).
 */
public final class BudgetExceeded extends AssertionFailedError {
  public BudgetExceeded(String message, String expected, String actual) {
    super(message, expected, actual);
  }
}
