package dev.llmh.feature;

import dev.llmh.plan.CasePlan;
import dev.llmh.result.CaseResult;
import dev.llmh.result.RunRecord;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A feature of the whole run rather than of one case — the judge, which holds a scenario's cases
 * until their group can be judged together; the saturation searches, which stop a load sweep; the
 * prefill fits across a prompt-length sweep. The engine calls its hooks as the run goes and names it
 * nowhere else but in its registration: a {@link Provider} found by {@link java.util.ServiceLoader}.
 * How to add one: docs/contributing.md, "Adding a figure".
 *
 * <p>The cases that ran pass through the run's features in registration order, each feature passing
 * a case on at once, or holding it (its JUnit test stays open) and passing it on later, perhaps
 * changed; the engine reports a case once the last feature has passed it on.
 */
public interface RunFeature {
  /**
   * Makes a run's instance of a feature. Registered as one line of
   * {@code META-INF/services/dev.llmh.feature.RunFeature$Provider}; the lines' order is the order a
   * case passes through the features.
   */
  interface Provider {
    RunFeature open(RunServices run);
  }

  /** A scenario's cases, in the order they will run, before the first of them runs. */
  default void scenario(List<CasePlan> plans) {}

  /** Why the case is not run, or empty to run it; asked before each case while the run goes on. */
  default Optional<String> skip(CasePlan plan) {
    return Optional.empty();
  }

  /**
   * A case ran (or a feature before this one passed it on): the cases to pass on now — the case
   * itself, or none to hold it — with any held ones it releases, each as it should be reported.
   */
  default List<RanCase> ran(RanCase ran) {
    return List.of(ran);
  }

  /** A case that will not reach {@link #ran}: skipped, or broken by the harness. Returns the held cases it releases. */
  default List<RanCase> gone(CasePlan plan) {
    return List.of();
  }

  /**
   * The scenario's cases are over: every case still held, released. {@code complete} is false when
   * the run was interrupted: release them as they are, asking nothing more of any endpoint.
   */
  default List<RanCase> scenarioEnded(boolean complete) {
    return List.of();
  }

  /** Every case is over, the endpoints still open: writes files of its own beside the results file. */
  default void finish(Path directory, String runName) {}

  /**
   * Writes its parts of the run's record from every case planned and every case's record. Also
   * called when the JVM is stopped mid-run, with what finished (the cases not reached recorded as
   * not run): it must not rely on {@link #finish} or on the hooks having run.
   */
  default void record(List<CasePlan> plans, List<CaseResult> results, RunRecord.Builder record) {}
}
