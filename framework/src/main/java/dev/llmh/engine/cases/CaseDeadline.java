package dev.llmh.engine.cases;

import dev.llmh.client.Durations;
import dev.llmh.plan.CasePlan;

/**
 * A case's deadline ({@code llmh.timeout.case}) as a {@link System#nanoTime()}: the case's own time,
 * its warm-up included. It starts once the case's endpoint is open, since opening one (an embedded
 * server's start, the client's warm-up) is done once per endpoint and would leave the first case of
 * each less time than the others; and the harness's own pause before measuring moves it on.
 */
final class CaseDeadline {
  private CaseDeadline() {}

  /** The deadline of {@code plan}, starting now. */
  static long from(CasePlan plan) {
    return System.nanoTime() + plan.requests().caseTimeout().toNanos();
  }

  /** Runs the harness's {@code pause} and returns {@code deadline} moved on by the time it took. */
  static long after(long deadline, Runnable pause) {
    long start = System.nanoTime();
    pause.run();
    return deadline + (System.nanoTime() - start);
  }

  static boolean passed(long deadline) {
    return System.nanoTime() - deadline >= 0;
  }

  /** Why a case that reached its deadline ended, with how much of it was sent. */
  static String timedOut(CasePlan plan, int sent, int planned) {
    return "case timeout: the case reached llmh.timeout.case (" + Durations.text(plan.requests().caseTimeout()) + ") after " + sent
        + " of " + planned + " planned measured requests had been sent; requests in flight were cancelled and no more were sent";
  }
}
