package dev.llmh.engine;

import dev.llmh.analysis.CaseAnalysis;
import dev.llmh.annotations.PromptCache;
import dev.llmh.analysis.CaseAnalyzer;
import dev.llmh.baseline.Baselines;
import dev.llmh.baseline.CaseKey;
import dev.llmh.analysis.ConversationAnalysis;
import dev.llmh.client.ChatRequest;
import dev.llmh.config.Api;
import dev.llmh.client.Durations;
import dev.llmh.config.ConfigKey;
import dev.llmh.endpoint.EmbeddedModels;
import dev.llmh.endpoint.Endpoint;
import dev.llmh.endpoint.EndpointKind;
import dev.llmh.endpoint.Endpoints;
import dev.llmh.load.ClosedLoop;
import dev.llmh.load.PromptMarker;
import dev.llmh.measure.RequestMetrics;
import dev.llmh.measure.RequestSample;
import dev.llmh.overhead.HarnessCheck;
import dev.llmh.overhead.HarnessWatch;
import dev.llmh.plan.CasePlan;
import dev.llmh.plan.FilePrompts;
import dev.llmh.resources.PhaseSampling;
import dev.llmh.result.CaseResult;
import dev.llmh.result.Resources;
import dev.llmh.result.CaseResult.SampleRecord;
import dev.llmh.verdict.CaseVerdict;
import dev.llmh.verdict.Looks;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * Runs one case — warm-up, measurement in one or more looks, analysis — and returns its record.
 * Never throws for a measurement problem: failures are data, in the record.
 */
final class CaseExecutor {
  private final Endpoints endpoints;
  private final SampleSink sink;
  private final Baselines baselines;
  private final SyntheticSetup synthetic = new SyntheticSetup();

  /**
   * Told of every measured request as it ends, on the worker thread that sent it: it must hand the
   * request on and return, since that thread's next request waits.
   *
   * @param measurementStart when the case's measurement began, from which the record counts {@code start_ms}
   */
  interface SampleSink {
    void measured(CasePlan plan, int request, RequestSample sample, long measurementStart);

    /** The endpoint is open: {@code warmup} warm-up requests, then the measured ones, are about to be sent. */
    default void sending(CasePlan plan, int warmup) {}

    /** A warm-up request ended, on its worker thread; the same haste applies. */
    default void warmedUp(CasePlan plan, RequestSample sample) {}

    /** The warm-up is over ({@code warmup} are its samples) and the measurement is about to begin. */
    default void beforeMeasuring(CasePlan plan, List<RequestSample> warmup) {}
  }

  CaseExecutor(Endpoints endpoints, SampleSink sink, Baselines baselines) {
    this.endpoints = endpoints;
    this.sink = sink;
    this.baselines = baselines;
  }

  /** The case's record and the analysis it was written from. */
  record Outcome(CaseResult result, CaseAnalysis analysis) {}

  Outcome run(CasePlan plan) throws InterruptedException {
    Outcome outcome = measure(plan);
    CaseResult result = outcome.result();
    if (outcome.analysis().verdict() != CaseVerdict.NOT_RUN) {
      baselines.keep(caseKey(plan, result.endpoint().servedModel(), result.promptHash()), result.samples());
    }
    return outcome;
  }

  private Outcome measure(CasePlan plan) throws InterruptedException {
    long deadline = System.nanoTime() + plan.caseTimeout().toNanos();
    String prompt = null;
    FilePrompts file = null;
    List<String> turnTexts = List.of();
    String system;
    Endpoint endpoint;
    if (plan.prompt().promptFile() != null) {
      try {
        file = FilePrompts.load(plan.runner().getClass().getClassLoader(), plan.prompt().promptFile());
      } catch (IllegalArgumentException e) {
        return notRun(plan, null, e.getMessage());
      }
    } else if (plan.promptTokens() == null) {
      try {
        prompt = Objects.requireNonNull(plan.promptText(), "the prompt is null");
        turnTexts = plan.turnTexts();
      } catch (RuntimeException e) {
        return notRun(plan, null, "prompt '" + plan.prompt().name() + "' could not be read: " + e);
      }
    }
    if (!turnTexts.isEmpty() && (plan.api() == Api.OPENAI_COMPLETIONS || plan.api() == Api.OLLAMA_GENERATE)) {
      return notRun(plan, null, "a @Conversation sends its history as chat messages, which " + plan.api().key()
          + " cannot carry (it takes one prompt); use " + Api.OPENAI_CHAT.key() + " or " + Api.OLLAMA_CHAT.key()
          + ": @Endpoint(api = \"...\") or -Dllmh.api");
    }
    try {
      system = plan.systemPromptText();
    } catch (RuntimeException e) {
      return notRun(plan, null, "the system prompt could not be read: " + e);
    }
    try {
      endpoint = endpoints.get(plan.endpoint(), plan.api());
    } catch (RuntimeException e) {
      return notRun(plan, null, e.getMessage());
    }
    if (plan.model() == null && !endpoint.kind().startedByLlmh()) {
      return notRun(
          plan, endpoint,
          "no model configured for " + endpoint.url() + ": set @Endpoint(model = \"...\") or -Dllmh.model / LLMH_MODEL"
              + (endpoint.info().modelIds().isEmpty() ? "" : " (the endpoint lists: " + String.join(", ", endpoint.info().modelIds()) + ")"));
    }
    // The embedded server serves its generated models by name. A scenario comparing models it does
    // not have cannot be measured there; one naming a single other model (written for a real server)
    // gets the server's own model, and the results say which served (servedModel, and a warning).
    String model = plan.model();
    if (model != null && endpoint.kind() == EndpointKind.EMBEDDED) {
      Optional<String> served = EmbeddedModels.servedId(model);
      if (served.isEmpty() && plan.modelParam()) {
        return notRun(plan, endpoint, "the embedded server serves the models " + String.join(" and ", EmbeddedModels.NAMES)
            + ", not '" + model + "': set -Dllmh.endpoint (LLMH_ENDPOINT) to a server that has it, or compare -D"
            + ConfigKey.MODEL.key() + "=" + String.join(",", EmbeddedModels.NAMES));
      }
      model = served.orElse(null);
    }
    String requested = model;
    PromptMarker marker = new PromptMarker();
    boolean disableCache = endpoint.info().takesCachePrompt();
    PromptSetup setup = synthetic.setUp(plan, endpoint, text -> endpoint.client().send(
        new ChatRequest(requested, marker.apply(text), 1, plan.temperature(), plan.seed(), disableCache, deadline,
            plan.options())));
    if (setup.failure() != null) {
      CaseAnalysis analysis = CaseAnalysis.unmeasured(setup.failureVerdict(), setup.failure());
      return new Outcome(CaseRecords.unmeasured(plan, endpoint, analysis, setup), analysis);
    }
    if (prompt == null) {
      prompt = setup.text();
    }
    List<String> warnings = new ArrayList<>();
    if (plan.measuredRequests() < plan.concurrency()) {
      warnings.add(
          "only " + plan.measuredRequests() + " measured requests at concurrency " + plan.concurrency() + ": "
              + (plan.adaptive() ? "the first look had" : "the case had") + " at most " + plan.measuredRequests()
              + " in flight at once (effective concurrency " + plan.measuredRequests() + ", not " + plan.concurrency()
              + "); raise @Measurement(requests) to at least " + 2 * plan.concurrency());
    } else if (plan.measuredRequests() < 2 * plan.concurrency()) {
      warnings.add(
          "only " + plan.measuredRequests() + " measured requests at concurrency " + plan.concurrency()
              + ": fewer than 2 × concurrency, so most requests start in the first wave; raise @Measurement(requests)");
    }
    if (plan.promptCache() == PromptCache.Mode.SHARED) {
      warnings.add("prompt cache shared (@PromptCache(SHARED)): system prompt and prompt are byte-identical on every request,"
          + " so the server may reuse their prefill; TTFT is what a warm prefix cache leaves, and the prefill rate counts"
          + " cached prompt tokens too: it is not the server's prefill rate");
    }
    CaseUnits units = new CaseUnits(plan, requested, prompt, turnTexts, disableCache, deadline, marker, system, file);

    if (warmupRequests(plan) > plan.warmupRequests()) {
      warnings.add("warm-up raised from " + plan.warmupRequests() + " to " + warmupRequests(plan) + " requests: one per"
          + " worker, so that every connection of the " + plan.concurrency() + " workers is open before measuring");
    }
    sink.sending(plan, warmupRequests(plan));
    try (PhaseSampling resources = endpoints.resources(endpoint, plan.deployment().powerWatts()).warmingUp()) {
      return measure(plan, endpoint, units, resources, deadline, warnings, turnTexts, file, system, prompt, setup);
    }
  }

  private Outcome measure(
      CasePlan plan, Endpoint endpoint, CaseUnits units, PhaseSampling resources, long deadline, List<String> warnings,
      List<String> turnTexts, FilePrompts file, String system, String prompt, PromptSetup setup) throws InterruptedException {
    // A conversation's warm-up is whole conversations: the server sees every context length before measuring.
    List<RequestSample> warmup = CaseUnits.flat(ClosedLoop.each(warmupRequests(plan), plan.concurrency(),
        i -> units.send(i, endpoint.client()::send, (sample, n) -> sink.warmedUp(plan, sample)), deadline, CaseExecutor::failedUnit));
    int warmupFailed = (int) warmup.stream().filter(s -> !s.succeeded()).count();
    if (warmupFailed > 0) {
      warnings.add(warmupFailed + " of " + warmupRequests(plan) + " warm-up " + (units.conversation() ? "conversations" : "requests")
          + " failed (first: " + warmup.stream().filter(s -> !s.succeeded()).findFirst().orElseThrow().error() + ")");
    }
    sink.beforeMeasuring(plan, warmup);
    resources.measuring();
    long measurementStart = System.nanoTime();
    // Fixed: one look at measuredRequests. Adaptive: measure up to each planned point, judge with
    // the error split across the looks, stop at the first look where nothing is INCONCLUSIVE. Each
    // stage's closed loop runs until its last request ends, so nothing in flight is ever dropped.
    try (HarnessWatch watch = HarnessWatch.start()) {
      String identity = units.conversation() ? String.join("\n", turnTexts) : setup.identity(prompt);
      String promptHash = file != null ? file.sha256()
          : Baselines.promptHash(system == null ? identity : system + "\n\n" + identity);
      Measured measured =
          new Measured(plan, endpoint, warmupFailed, promptHash, baselines, watch, units, new ArrayList<>(), setup, resources);
      java.util.function.IntFunction<List<RequestSample>> measuredUnit = n -> units.send(n, chat -> {
        long cpuBefore = HarnessWatch.threadCpuNanos();
        RequestSample sample = endpoint.client().send(chat);
        watch.workerCpu(HarnessWatch.threadCpuNanos() - cpuBefore);
        return sample;
      }, (sample, k) -> sink.measured(plan, k, sample, measurementStart));
      if (plan.openLoop()) {
        watch.streamsStarted();
        long readerCpu = endpoint.client().readerCpuNanos();
        OpenLoopCase.Measured open = OpenLoopCase.run(plan.load(), OpenLoopCase.schedule(plan), measuredUnit, deadline);
        watch.workerCpu(endpoint.client().readerCpuNanos() - readerCpu);
        watch.streamsEnded();
        measured.units().addAll(open.units());
        warnings.addAll(open.warnings());
        String reason = System.nanoTime() - deadline >= 0 ? timedOut(plan, measured.units().size(), open.planned()) : null;
        if (reason != null) {
          warnings.add(0, reason);
        }
        return measured.outcome(warnings, 1 - plan.confidence(), reason, open.peakInFlight());
      }
      Looks looks = Looks.plan(plan.measuredRequests(), plan.maxRequests(), plan.confidence());
      for (int look = 0; look < looks.points().size(); look++) {
        int offset = measured.units().size();
        watch.streamsStarted();
        long readerCpu = endpoint.client().readerCpuNanos();
        measured.units().addAll(
            ClosedLoop.each(looks.points().get(look) - offset, plan.concurrency(), i -> measuredUnit.apply(offset + i),
                deadline, CaseExecutor::failedUnit));
        watch.workerCpu(endpoint.client().readerCpuNanos() - readerCpu); // the event loop that read the streams measured them too
        watch.streamsEnded();
        List<String> lookWarnings = new ArrayList<>(warnings);
        int inFlight = effectiveConcurrency(plan.concurrency(), looks.points(), look);
        if (System.nanoTime() - deadline >= 0) {
          String reason = timedOut(plan, measured.units().size(), looks.points().get(look));
          lookWarnings.add(0, reason);
          return measured.outcome(lookWarnings, looks.alphaPerLook(), reason, inFlight);
        }
        boolean last = look == looks.points().size() - 1;
        Outcome outcome = measured.outcome(lookWarnings, looks.alphaPerLook(), null, inFlight);
        boolean decided = outcome.analysis().settled();
        if (plan.adaptive() && (decided || last)) {
          lookWarnings.add(0, "adaptive measurement: " + measured.units().size() + (units.conversation() ? " conversations" : " requests")
              + " (planned looks " + looks.points()
              + ", stopped at look " + (look + 1) + (!decided ? ", maxRequests reached" : outcome.analysis().verdict() != CaseVerdict.INCONCLUSIVE
                  ? ", every constraint decided" : ", every constraint on the requests decided")
              + "); each look's bounds at " + String.format(Locale.ROOT, "%.4g", 1 - looks.alphaPerLook())
              + " (Bonferroni over " + looks.points().size() + " looks)");
          outcome = measured.outcome(lookWarnings, looks.alphaPerLook(), null, inFlight);
        }
        if (decided || last) {
          return outcome;
        }
      }
    }
    throw new IllegalStateException("a plan always has a last look");
  }

  /**
   * A case's measured requests so far, with what it takes to analyse and record them.
   *
   * @param units each measured unit's requests: one, or a conversation's turns
   */
  private record Measured(
      CasePlan plan, Endpoint endpoint, int warmupFailed, String promptHash, Baselines baselines, HarnessWatch watch,
      CaseUnits sent, List<List<RequestSample>> units, PromptSetup setup, PhaseSampling resources) {

    /** @param inFlight the effective concurrency of the looks measured so far */
    Outcome outcome(List<String> warnings, double alpha, String timedOut, int inFlight) {
      List<RequestSample> samples = CaseUnits.flat(units);
      long chunks = samples.stream().mapToLong(s -> s.textChunkNanos().size()).sum();
      return analysed(plan, endpoint, samples, sent.turns(units), warmupFailed, inFlight, warnings, promptHash, baselines,
          alpha, timedOut, watch.check(chunks), setup, resources.measured());
    }
  }

  /** Why a case that reached its deadline ended, with how much of it was sent. */
  private static String timedOut(CasePlan plan, int sent, int planned) {
    return "case timeout: the case reached llmh.timeout.case (" + Durations.text(plan.caseTimeout()) + ") after " + sent
        + " of " + planned + " planned measured requests had been sent; requests in flight were cancelled and no more were sent";
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
    return plan.warmupRequests() == 0 ? 0 : Math.max(plan.warmupRequests(), plan.concurrency());
  }

  /**
   * The record of a case the run was stopped in: what finished of it, judged as it stands, with a
   * warning saying how much is missing. The endpoint is not asked anything again.
   */
  static CaseResult cutShort(CasePlan plan, List<RequestSample> finished) {
    List<String> warnings = List.of("run stopped during this case: " + finished.size() + " of " + plan.measuredRequests()
        + " measured requests had finished; the figures and verdicts are of those");
    List<RequestSample> ordered = new ArrayList<>(finished);
    ordered.sort(Comparator.comparingLong(RequestSample::startNanos));
    int inFlight = Math.min(plan.concurrency(), plan.measuredRequests()); // the first look's: where a run is cut short
    // The turn indices of a conversation cut short are not known here: its requests are recorded without them.
    return analysed(plan, null, ordered, null, 0, inFlight, warnings, null, Baselines.NONE, 1 - plan.confidence(), null, null,
        PromptSetup.NONE, null).result();
  }

  /**
   * @param turns each request's turn index within its conversation, or null for single requests
   * @param resources the serving hardware sampled over the measured phase, or null when not sampled
   */
  private static Outcome analysed(
      CasePlan plan, Endpoint endpoint, List<RequestSample> measured, List<Integer> turns, int warmupFailed, int inFlight,
      List<String> warnings, String promptHash, Baselines baselines, double alpha, String timedOut, HarnessCheck harness,
      PromptSetup setup, Resources resources) {
    // On a schedule, times count from the first scheduled send, so that start_ms − scheduled_ms is the queue.
    long firstStart = measured.stream().mapToLong(s -> s.scheduledNanos() != null ? s.scheduledNanos() : s.startNanos())
        .min().orElse(0);
    List<SampleRecord> records = new ArrayList<>(measured.size());
    for (int i = 0; i < measured.size(); i++) {
      RequestSample s = measured.get(i);
      records.add(CaseRecords.sampleRecord(s, RequestMetrics.of(s), firstStart, setup.check().flags(s.promptTokens()),
          turns == null ? null : turns.get(i)));
    }
    String servedModel = measured.stream().map(RequestSample::servedModel).filter(Objects::nonNull).findFirst().orElse(null);
    CaseAnalysis analysis = CaseAnalyzer.analyze(
        new CaseAnalyzer.Context(EmbeddedModels.asked(plan), plan.maxTokens(), plan.constraints(), plan.confidence(), alpha,
            timedOut, warnings, harness, setup.check(), plan.slo(), resources, plan.deployment()),
        measured, servedModel, baselines.compare(caseKey(plan, servedModel, promptHash), records));
    CaseResult result = CaseRecords.measured(
        plan, endpoint, servedModel, warmupRequests(plan), warmupFailed, inFlight, records, analysis, promptHash, harness, setup,
        resources);
    if (turns != null) {
      result = result.withConversation(ConversationAnalysis.of(plan.conversationTurns(), records));
    }
    return new Outcome(result, analysis);
  }

  /** The endpoint by kind, not URL: the embedded server's and simulator's ports change every run. */
  private static CaseKey caseKey(CasePlan plan, String servedModel, String promptHash) {
    return new CaseKey(plan.scenarioClassName(), plan.caseId(), plan.paramTexts(), promptHash, servedModel,
        EndpointKind.of(plan.endpoint()).key() + "/" + plan.api().key(), plan.maxTokens(), plan.temperature(), plan.seed(),
        PromptMarker.recorded(plan.promptCache()));
  }

  /** A case that could not send a single request: recorded with its reason, never dropped. */
  private static Outcome notRun(CasePlan plan, Endpoint endpoint, String reason) {
    CaseAnalysis analysis = CaseAnalysis.unmeasured(CaseVerdict.NOT_RUN, reason);
    return new Outcome(CaseRecords.unmeasured(plan, endpoint, analysis), analysis);
  }

  /** A case with nothing measured, NOT_RUN (the run stopped first) or ERROR (the harness broke). */
  static Outcome unmeasured(CasePlan plan, CaseVerdict verdict, String reason) {
    CaseAnalysis analysis = CaseAnalysis.unmeasured(verdict, reason);
    return new Outcome(CaseRecords.unmeasured(plan, null, analysis), analysis);
  }
}
