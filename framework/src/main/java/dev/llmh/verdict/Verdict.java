package dev.llmh.verdict;

/** The outcome of judging one constraint. */
public enum Verdict {
  PASS,
  FAIL,
  /** The case produced no value to judge (e.g. no request succeeded); never a silent pass. */
  INCONCLUSIVE
}
