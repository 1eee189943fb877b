package dev.llmh.verdict;

import java.util.Locale;

/**
 * One case's verdict, decided once from its constraint results and requests; the results file,
 * the console, the Markdown report and the JUnit result all read it.
 */
public enum CaseVerdict {
  /** Every constraint held (or there was none) and no request failed unless an error budget allows it. */
  PASS,
  /** A budget broke, or a request failed and no {@code error_rate} constraint tolerates it. */
  FAIL,
  /** A constraint could not be decided from the requests measured, and none failed. */
  INCONCLUSIVE,
  /** Not a single request could be sent: no endpoint, no prompt, or the run stopped first. */
  NOT_RUN,
  /** The measurement itself broke: the case ran out of time, or the harness failed. */
  ERROR;

  /** What JUnit is told, and so Surefire and the IDE show. */
  public enum Reported {
    PASSED,
    FAILED,
    SKIPPED;

    /** As the results file writes it: {@code passed}, {@code failed}, {@code skipped}. */
    public String text() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /**
   * The one rule from verdict to test outcome: FAIL, NOT_RUN and ERROR fail the test; an
   * INCONCLUSIVE case is skipped, failed or passed as {@code llmh.inconclusive} says.
   *
   * @param inconclusive {@code skip}, {@code fail} or {@code pass}
   */
  public Reported reported(String inconclusive) {
    return switch (this) {
      case PASS -> Reported.PASSED;
      case FAIL, NOT_RUN, ERROR -> Reported.FAILED;
      case INCONCLUSIVE -> switch (inconclusive) {
        case "fail" -> Reported.FAILED;
        case "pass" -> Reported.PASSED;
        default -> Reported.SKIPPED;
      };
    };
  }
}
