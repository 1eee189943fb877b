package dev.llmh.verdict;

import dev.llmh.analysis.ResourceFigures;
import dev.llmh.analysis.ResourceInputs;
import dev.llmh.config.ConfigKey;
import dev.llmh.config.DeploymentFacts;
import dev.llmh.constraint.Metric;
import dev.llmh.resources.DeclaredInputs;
import dev.llmh.resources.Energy;
import dev.llmh.resources.PhysicsInputs;
import dev.llmh.resources.PhysicsRecord;
import java.util.EnumSet;
import java.util.Set;

/**
 * Budgets that must not decide on a figure the case cannot vouch for: those that rest on the decode
 * rate when the rate is above what the memory can feed (a measurement or reporting error), and those
 * computed from a declared power or price (which shows nothing about the server) unless the user
 * says such figures decide. Either way the budget is INCONCLUSIVE with the reason, never PASS or FAIL.
 *
 * @param implausible the physics check's flag when it holds against the case, else null
 * @param energySource where the energy figure came from ({@code declared}, a meter...), or null
 * @param electricityPriced whether electricity has a declared price
 * @param trusted whether the user says figures from declared inputs decide ({@code llmh.cost.trustDeclared})
 */
public record Safeguards(String implausible, String energySource, boolean electricityPriced, boolean trusted) {
  /** How a budget taken back for resting on declared figures begins its reason. */
  public static final String DECLARED = "not decided: a figure from declared";

  /** How a budget taken back for an implausible decode rate begins its reason. */
  public static final String IMPLAUSIBLE = "not decided: the decode rate is implausible";

  /** The metrics that rest on the decode rate: a rate the memory cannot feed makes each of them suspect. */
  private static final Set<Metric> DECODE_DERIVED = EnumSet.of(
      Metric.TPOT, Metric.ITL, Metric.ITL_TOKEN, Metric.DECODE_RATE, Metric.THROUGHPUT, Metric.ENERGY_PER_TOKEN,
      Metric.COST_PER_MTOK);

  public static Safeguards of(ResourceInputs inputs, ResourceFigures hardware) {
    DeploymentFacts facts = inputs.deployment() == null ? DeploymentFacts.NONE : inputs.deployment();
    Energy energy = inputs.resources() == null ? null : inputs.resources().energy();
    return new Safeguards(implausibleRate(hardware.physics()), energy == null ? null : energy.energySource(),
        facts.cost() != null && facts.cost().powerPrice() != null, facts.declaredTrusted());
  }

  /** {@code " (declared power)"} after a figure of {@code metric} that rests on declared inputs; else empty. */
  public String declaredMark(Metric metric) {
    String label = DeclaredInputs.label(metric, energySource, electricityPriced);
    return label == null ? "" : " (" + label + ")";
  }

  /**
   * The physics check's flag when it holds against the case: not when the user declared the bytes
   * or the bandwidth, whose figures are then the user's to answer for.
   */
  private static String implausibleRate(PhysicsRecord physics) {
    if (physics == null || physics.implausible() == null || PhysicsInputs.DECLARED.equals(physics.modelBytesSource())
        || PhysicsInputs.DECLARED.equals(physics.bandwidthSource())) {
      return null;
    }
    return physics.implausible();
  }

  /** The warning an implausible decode rate calls for, or null. */
  public static String warning(PhysicsRecord physics) {
    if (physics == null || physics.implausible() == null) {
      return null;
    }
    return physics.implausible() + ": a decode rate above what the memory can feed is a measurement"
        + " or reporting error, or the weights read per token are fewer than counted (declare " + ConfigKey.MODEL_BYTES.key() + ")"
        + (PhysicsInputs.PROBE.equals(physics.bandwidthSource())
            ? ", or the bandwidth probe ran while this machine was busy (declare " + ConfigKey.MEMORY_BANDWIDTH.key() + ")" : "");
  }

  /** {@code result} as it may stand: INCONCLUSIVE, with the reason, when its figure cannot decide. */
  public ConstraintResult apply(ConstraintResult result) {
    Metric metric = result.expression().metric();
    if (result.verdict() == Verdict.INCONCLUSIVE || result.expression().regression()) {
      return result;
    }
    if (implausible != null && DECODE_DERIVED.contains(metric)) {
      return undecided(result, "not decided: the decode rate is " + implausible + "; declare " + ConfigKey.MODEL_BYTES.key()
          + " or " + ConfigKey.MEMORY_BANDWIDTH.key() + " if the check's inputs are wrong");
    }
    String declared = DeclaredInputs.label(metric, energySource, electricityPriced);
    if (declared != null && !trusted) {
      return undecided(result, "not decided: a figure from " + declared + " shows nothing about the server; set"
          + " @Cost(trustDeclared = true) or " + ConfigKey.COST_TRUST_DECLARED.key() + "=true to judge it");
    }
    return result;
  }

  /**
   * Whether {@code result} is INCONCLUSIVE because a safeguard took its verdict back: more requests
   * would not decide it, so an adaptive measurement does not wait for them.
   */
  static boolean takenBack(ConstraintResult result) {
    return result.message().contains("(" + DECLARED) || result.message().contains("(" + IMPLAUSIBLE);
  }

  /** A verdict taken back: the figure and its comparison as judged, then INCONCLUSIVE and why. */
  static ConstraintResult undecided(ConstraintResult judged, String why) {
    String message = judged.message();
    int verdictAt = message.lastIndexOf(": " + judged.verdict());
    String figure = verdictAt < 0 ? message : message.substring(0, verdictAt);
    return new ConstraintResult(judged.expression(), judged.observed(), Verdict.INCONCLUSIVE,
        figure + ": INCONCLUSIVE (" + why + ")", judged.bounds());
  }
}
