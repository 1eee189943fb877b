package dev.llmh.engine.cases;

import dev.llmh.baseline.Baselines;
import dev.llmh.client.ChatRequest;
import dev.llmh.endpoint.Endpoint;
import dev.llmh.endpoint.Endpoints;
import dev.llmh.feature.CaseFeature;
import dev.llmh.feature.MadePrompt;
import dev.llmh.feature.PreparedCase;
import dev.llmh.feature.PromptProbe;
import dev.llmh.load.ClosedLoop;
import dev.llmh.load.PromptMarker;
import dev.llmh.measure.RequestSample;
import dev.llmh.overhead.HarnessWatch;
import dev.llmh.plan.CasePlan;
import dev.llmh.plan.Looks;
import dev.llmh.result.CaseResult;
import dev.llmh.result.Section;
import dev.llmh.verdict.CaseAnalysis;
import dev.llmh.verdict.CaseVerdict;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * Runs one case — warm-up, measurement in one or more looks, analysis — and returns its record.
 * Never throws for a measurement problem: failures are data, in the record.
 */
public final class CaseExecutor {
  private final Endpoints endpoints;
  private final SampleSink sink;
  private final Baselines baselines;
  private final List<CaseFeature> features;

  /**
   * Told of every measured request as it ends, on the worker thread that sent it: it must hand the
   * request on and return, since that thread's next request waits.
   *
   * @param measurementStart when the case's measurement began, from which the record counts {@code start_ms}
   */
  public interface SampleSink {
    void measured(CasePlan plan, int request, RequestSample sample, long measurementStart);

    /** The endpoint is open: {@code warmup} warm-up requests, then the measured ones, are about to be sent. */
    default void sending(CasePlan plan, int warmup) {}

    /** A warm-up request ended, on its worker thread; the same haste applies. */
    default void warmedUp(CasePlan plan, RequestSample sample) {}

    /** The warm-up is over ({@code warmup} are its samples) and the measurement is about to begin. */
    default void beforeMeasuring(CasePlan plan, List<RequestSample> warmup) {}
  }

  public CaseExecutor(Endpoints endpoints, SampleSink sink, Baselines baselines, List<CaseFeature> features) {
    this.endpoints = endpoints;
    this.sink = sink;
    this.baselines = baselines;
    this.features = List.copyOf(features);
  }

  public CaseOutcome run(CasePlan plan) throws InterruptedException {
    CaseOutcome outcome = measure(plan);
    CaseResult result = outcome.result();
    if (outcome.analysis().verdict() != CaseVerdict.NOT_RUN) {
      baselines.keep(CaseOutcome.caseKey(plan, result.endpoint().servedModel(), result.section(Section.PROMPT_HASH)), result.samples());
    }
    return outcome;
  }

  private CaseOutcome measure(CasePlan plan) throws InterruptedException {
    CaseInputs in;
    try {
      in = CaseInputs.read(plan);
    } catch (CaseInputs.Refused e) {
      return CaseOutcome.notRun(plan, null, e.getMessage());
    }
    Endpoint endpoint;
    try {
      endpoint = plan.target().launch() != null ? endpoints.launched(plan.target().launch(), plan.target().api(), plan.caseId())
          : endpoints.get(plan.target().endpoint(), plan.target().api());
    } catch (RuntimeException e) {
      return Endpoints.startFailed(e) ? CaseOutcome.unmeasured(plan, dev.llmh.verdict.CaseVerdict.ERROR, e.getMessage())
          : CaseOutcome.notRun(plan, null, e.getMessage());
    }
    long deadline = CaseDeadline.from(plan); // from here: the endpoint's opening is not the case's time
    String requested;
    try {
      requested = CaseInputs.model(plan, endpoint);
    } catch (CaseInputs.Refused e) {
      return CaseOutcome.notRun(plan, endpoint, e.getMessage());
    }
    PromptMarker marker = new PromptMarker();
    try (CaseParts parts = CaseParts.of(features, plan)) {
      String prompt;
      String identity;
      try {
        MadePrompt made = parts.prompt(new PromptProbe(endpoint, probe(plan, endpoint, requested, marker, deadline)));
        prompt = made == null ? in.prompt() : made.text();
        identity = made == null ? prompt : made.identity();
        parts.prepare(new PreparedCase(plan, endpoint, requested, prompt, deadline));
      } catch (CaseFeature.Refused e) {
        return CaseOutcome.refused(plan, endpoint, e, parts);
      }
      CaseUnits units = new CaseUnits(plan, requested, in.prompting(prompt), endpoint.info().takesCachePrompt(), deadline, marker);
      sink.sending(plan, warmupRequests(plan));
      return measure(new Prepared(plan, endpoint, units, in, identity, parts), deadline, CaseInputs.warnings(plan));
    }
  }

  /** Sends a text with the case's marker, model and sampling, asking one output token: unmeasured. */
  private static Function<String, RequestSample> probe(
      CasePlan plan, Endpoint endpoint, String model, PromptMarker marker, long deadline) {
    Boolean cachePrompt = endpoint.info().takesCachePrompt() ? Boolean.FALSE : null;
    return text -> endpoint.client().send(ChatRequest.builder(model, marker.apply(text), 1)
        .temperature(plan.sampling().temperature()).seed(plan.sampling().seed()).cachePrompt(cachePrompt)
        .caseDeadlineNanos(deadline).options(plan.target().options()).build());
  }

  private CaseOutcome measure(Prepared p, long deadline, List<String> warnings) throws InterruptedException {
    CasePlan plan = p.plan();
    // A conversation's warm-up is whole conversations: the server sees every context length before measuring.
    List<RequestSample> warmup = CaseUnits.flat(ClosedLoop.each(warmupRequests(plan), plan.requests().concurrency(),
        i -> p.units().send(i, p.endpoint().client()::send, (sample, n) -> sink.warmedUp(plan, sample)), deadline,
        CaseExecutor::failedUnit));
    int warmupFailed = (int) warmup.stream().filter(s -> !s.succeeded()).count();
    if (warmupFailed > 0) {
      warnings.add(warmupFailed + " of " + warmupRequests(plan) + " warm-up " + p.unitName()
          + " failed (first: " + warmup.stream().filter(s -> !s.succeeded()).findFirst().orElseThrow().error() + ")");
    }
    long measuringDeadline = CaseDeadline.after(deadline, () -> sink.beforeMeasuring(plan, warmup));
    p.parts().measuring(warmup);
    long measurementStart = System.nanoTime();
    try (HarnessWatch watch = HarnessWatch.start(HarnessWatch.figureMs(warmup))) {
      Measured measured = new Measured(new CaseBasis(plan, p.endpoint(), warmupFailed, p.promptHash(), baselines, p.parts()),
          watch, p.units(), new ArrayList<>());
      IntFunction<List<RequestSample>> unit = measuredUnit(p, p.units().until(measuringDeadline), watch, measurementStart);
      return plan.openLoop()
          ? measureOpen(measured, unit, measuringDeadline, warnings)
          : measureLooks(measured, unit, measuringDeadline, warnings, p.unitName());
    }
  }

  /** Sends measured unit {@code n}; the features observe each request after it ended, on the worker that sent it. */
  private IntFunction<List<RequestSample>> measuredUnit(Prepared p, CaseUnits measuring, HarnessWatch watch, long measurementStart) {
    return n -> measuring.send(n, chat -> {
      long cpuBefore = HarnessWatch.threadCpuNanos();
      RequestSample sample = p.endpoint().client().send(chat);
      watch.workerCpu(HarnessWatch.threadCpuNanos() - cpuBefore);
      return p.parts().observe(chat, sample);
    }, (sample, k) -> sink.measured(p.plan(), k, sample, measurementStart));
  }

  /** An open loop: every request sent on its schedule, then analysed once. */
  private static CaseOutcome measureOpen(
      Measured measured, IntFunction<List<RequestSample>> unit, long deadline, List<String> warnings) throws InterruptedException {
    CasePlan plan = measured.plan();
    HarnessWatch watch = measured.watch();
    watch.streamsStarted();
    long readerCpu = measured.endpoint().client().readerCpuNanos();
    OpenLoopCase.Measured open = OpenLoopCase.run(plan.requests().load(), OpenLoopCase.schedule(plan), unit, deadline);
    watch.workerCpu(measured.endpoint().client().readerCpuNanos() - readerCpu);
    watch.streamsEnded();
    measured.units().addAll(open.units());
    warnings.addAll(open.warnings());
    String reason = CaseDeadline.passed(deadline) ? CaseDeadline.timedOut(plan, measured.units().size(), open.planned()) : null;
    if (reason != null) {
      warnings.add(0, reason);
    }
    return measured.outcome(warnings, 1 - plan.verdicts().confidence(), reason, open.peakInFlight());
  }

  /**
   * A closed loop. Fixed: one look at measuredRequests. Adaptive: measure up to each planned point,
   * judge with the error split across the looks, stop at the first look where nothing is
   * INCONCLUSIVE. Each look's loop runs until its last request ends, so nothing in flight is dropped.
   */
  private static CaseOutcome measureLooks(
      Measured measured, IntFunction<List<RequestSample>> unit, long deadline, List<String> warnings, String unitName)
      throws InterruptedException {
    CasePlan plan = measured.plan();
    HarnessWatch watch = measured.watch();
    Looks looks = Looks.plan(plan.requests().measuredRequests(), plan.requests().maxRequests(), plan.verdicts().confidence());
    for (int look = 0; ; look++) {
      int offset = measured.units().size();
      watch.streamsStarted();
      long readerCpu = measured.endpoint().client().readerCpuNanos();
      measured.units().addAll(ClosedLoop.each(looks.points().get(look) - offset, plan.requests().concurrency(),
          i -> unit.apply(offset + i), deadline, CaseExecutor::failedUnit));
      watch.workerCpu(measured.endpoint().client().readerCpuNanos() - readerCpu); // the event loop that read the streams measured them too
      watch.streamsEnded();
      List<String> lookWarnings = new ArrayList<>(warnings);
      int inFlight = effectiveConcurrency(plan.requests().concurrency(), looks.points(), look);
      if (CaseDeadline.passed(deadline)) {
        String reason = CaseDeadline.timedOut(plan, measured.units().size(), looks.points().get(look));
        lookWarnings.add(0, reason);
        return measured.outcome(lookWarnings, looks.alphaPerLook(), reason, inFlight);
      }
      boolean last = look == looks.points().size() - 1;
      CaseOutcome outcome = measured.outcome(lookWarnings, looks.alphaPerLook(), null, inFlight);
      boolean decided = outcome.analysis().settled();
      if (plan.adaptive() && (decided || last)) {
        lookWarnings.add(0, LookNote.of(measured.units().size(), unitName, looks, look, outcome.analysis()));
        outcome = measured.outcome(lookWarnings, looks.alphaPerLook(), null, inFlight);
      }
      if (decided || last) {
        return outcome;
      }
    }
  }

  /**
   * A case ready to be measured: what it sends, where, and what identifies its prompt.
   *
   * @param identity what identifies the prompt to a baseline: its text, or what a feature that made it says
   */
  private record Prepared(CasePlan plan, Endpoint endpoint, CaseUnits units, CaseInputs in, String identity, CaseParts parts) {

    String unitName() {
      return units.conversation() ? "conversations" : "requests";
    }

    /** The prompt file's hash, or the sent text's with its system prompt: what a baseline compares like with like. */
    String promptHash() {
      String text = units.conversation() ? String.join("\n", in.turnTexts()) : identity;
      return in.file() != null ? in.file().sha256()
          : Baselines.promptHash(in.system() == null ? text : in.system() + "\n\n" + text);
    }
  }

  /**
   * A case's measured requests so far, with what it takes to analyse and record them.
   *
   * @param units each measured unit's requests: one, or a conversation's turns
   */
  private record Measured(CaseBasis basis, HarnessWatch watch, CaseUnits sent, List<List<RequestSample>> units) {
    CasePlan plan() {
      return basis.plan();
    }

    Endpoint endpoint() {
      return basis.endpoint();
    }

    /** @param inFlight the effective concurrency of the looks measured so far */
    CaseOutcome outcome(List<String> warnings, double alpha, String timedOut, int inFlight) {
      List<RequestSample> samples = CaseUnits.flat(units);
      long chunks = samples.stream().mapToLong(s -> s.timing().textChunkNanos().size()).sum();
      CaseOutcome outcome = CaseOutcome.analysed(basis,
          new Look(samples, sent.turns(units), inFlight, warnings, alpha, timedOut, watch.check(chunks)));
      return outcome.withAnswered(sent.answered(units));
    }
  }

  /** A unit whose sending broke the harness: one failed request with the exception as its reason. */
  static List<RequestSample> failedUnit(long start, Throwable e) {
    return List.of(ClosedLoop.harnessError(start, e));
  }

  /**
   * The most measured requests in flight at once up to look {@code lastLook}: each look's closed
   * loop starts one worker per request it still has to send, up to the concurrency, so a look of
   * fewer requests than the concurrency never reaches it.
   */
  static int effectiveConcurrency(int concurrency, List<Integer> points, int lastLook) {
    int most = 0;
    int previous = 0;
    for (int look = 0; look <= lastLook; look++) {
      most = Math.max(most, Math.min(concurrency, points.get(look) - previous));
      previous = points.get(look);
    }
    return most;
  }

  /**
   * Warm-up requests actually sent: at least one per worker, since a worker whose first request
   * is measured pays for opening its connection in that request's TTFT. None when none is declared
   * ({@code @Warmup(requests = 0)}: the user asked for cold requests).
   */
  static int warmupRequests(CasePlan plan) {
    return plan.requests().warmupRequests() == 0 ? 0 : Math.max(plan.requests().warmupRequests(), plan.requests().concurrency());
  }
}
