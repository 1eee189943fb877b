package dev.llmh.feature;

import dev.llmh.analysis.MeasuredCase;
import dev.llmh.measure.RequestSample;
import dev.llmh.plan.CasePlan;
import dev.llmh.result.CaseResult;
import dev.llmh.verdict.Findings;
import java.util.List;

/**
 * A per-case figure, and all it takes: it joins every case through a {@link Part} whose hooks the
 * engine calls in order — prompt, prepare, measuring, observe, findings, record, close — and is named
 * nowhere else but in its registration: a {@link Provider} found by {@link java.util.ServiceLoader}.
 * How to add one: docs/contributing.md, "Adding a figure".
 */
public interface CaseFeature {
  /**
   * Makes a run's instance of a feature. Registered as one line of
   * {@code META-INF/services/dev.llmh.feature.CaseFeature$Provider}; the lines' order is the order
   * the features' hooks run in.
   */
  interface Provider {
    CaseFeature open(RunServices run);
  }

  /** A feature that keeps nothing from one case to the next: registered as its own provider. */
  interface Stateless extends CaseFeature, Provider {
    @Override
    default CaseFeature open(RunServices run) {
      return this;
    }
  }

  /**
   * This feature's part in a case: made from the plan alone, with nothing sent or opened, so that a
   * case cut short can still be analysed with it. A feature the case does not declare still has a
   * part, whose findings say why its figures are not measured.
   */
  Part<?> part(CasePlan plan);

  /**
   * One case's share of a feature. Its hooks run on the case's thread, except {@link #observe},
   * which runs on the worker that sent the request.
   *
   * @param <F> what it finds of the case, which it alone writes down
   */
  interface Part<F extends Findings> extends AutoCloseable {
    /**
     * First, once the endpoint is open and before anything else is sent: a feature that makes the
     * case's prompt (a synthetic prompt calibrated to its length) returns it; null leaves the prompt
     * as the scenario wrote it. The first part to make one decides.
     *
     * @throws Refused when no prompt fit to measure can be made
     */
    default MadePrompt prompt(PromptProbe probe) throws Refused, InterruptedException {
      return null;
    }

    /**
     * Before the warm-up, once the endpoint is open and the prompt set up: what it sends or starts
     * here falls in no measured phase.
     *
     * @throws Refused when the case cannot be measured as declared: it is recorded NOT_RUN with the reason
     */
    default void prepare(PreparedCase prepared) throws Refused, InterruptedException {}

    /** The warm-up is over ({@code warmup} its requests); the measurement begins next. */
    default void measuring(List<RequestSample> warmup) {}

    /**
     * A measured request that ended, off the timing path: on the worker that sent it, whose next
     * request waits, so it must be quick. Returns the request, perhaps with more said of it.
     *
     * @param request what was sent
     */
    default RequestSample observe(dev.llmh.client.ChatRequest request, RequestSample sample) {
      return sample;
    }

    /** What it finds of the case's measured requests; asked again at every adaptive look. */
    F findings(MeasuredCase measured);

    /** The flags it sets on a measured request's record ({@code prompt_truncated}...), none by default. */
    default List<String> flags(RequestSample sample) {
      return List.of();
    }

    /** Writes its sections of the case's record from what it found. */
    void record(F findings, CaseResult.Builder record);

    /**
     * The case was not measured (a part refused it, or nothing could be sent): writes what was
     * settled before, if anything (what a calibration found), since a record says why.
     */
    default void recordUnmeasured(CaseResult.Builder record) {}

    /** The case is over: whatever {@link #prepare} started stops. */
    @Override
    default void close() {}
  }

  /**
   * Why a case cannot be measured as declared: NOT_RUN, or FAIL when what was found already fails
   * it (a server that truncates the prompt asked for).
   */
  final class Refused extends Exception {
    private final boolean fails;

    public Refused(String reason) {
      this(reason, false);
    }

    private Refused(String reason, boolean fails) {
      super(reason);
      this.fails = fails;
    }

    /** A refusal that fails the case: what it found is a failure, not a measurement left undone. */
    public static Refused failing(String reason) {
      return new Refused(reason, true);
    }

    public boolean fails() {
      return fails;
    }
  }
}
