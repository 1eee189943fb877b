package dev.llmh.verdict;

import dev.llmh.constraint.ConstraintExpression;
import dev.llmh.constraint.Metric;
import java.util.List;
import java.util.Map;

/**
 * What one feature found of a case, as the analysis and the verdict read it: its per-case figures,
 * the budgets on its metrics, what a reader should be warned of, and the budgets it cannot vouch
 * for. The analysis knows features only through this; each feature writes its own part of the
 * record from its own findings.
 */
public interface Findings {
  /** The per-case figures this feature defines, by metric; a null value could not be measured. */
  default Map<Metric, Double> figures() {
    return Map.of();
  }

  /** Whether budgets on {@code metric} are this feature's to judge. */
  default boolean judges(Metric metric) {
    return false;
  }

  /**
   * A budget on one of this feature's metrics, judged.
   *
   * @param alpha the error allowed to each one-sided bound of the verdict
   */
  default ConstraintResult judge(ConstraintExpression constraint, double alpha) {
    throw new IllegalStateException(constraint.metric().key() + " is not judged by " + getClass().getSimpleName());
  }

  /** What a reader of the case's figures should know, in the order the record lists it. */
  default List<String> warnings() {
    return List.of();
  }

  /**
   * Why the case fails whatever its budgets say (the server truncated the prompt, so what was
   * measured is not the workload asked for), or null.
   */
  default String failure() {
    return null;
  }

  /**
   * Why the measurement itself broke whatever was measured (the server LLMH started died during the
   * case), or null: the case is an ERROR.
   */
  default String error() {
    return null;
  }

  /**
   * Any budget's result as it may stand given what this feature knows: INCONCLUSIVE with the
   * reason when its figure rests on something this feature cannot vouch for; else the result itself.
   */
  default ConstraintResult safeguard(ConstraintResult result) {
    return result;
  }
}
