package dev.llmh.verdict;

/** The outcome of judging one constraint. */
public enum Verdict {
  /** The confidence bound on the budget's side lies within the budget. */
  PASS,
  /** The confidence bound on the other side lies beyond the budget. */
  FAIL,
  /**
   * Neither: the interval straddles the budget, the sample is too small to bound the needed end,
   * or the case produced no value at all. Never a silent pass.
   */
  INCONCLUSIVE
}
