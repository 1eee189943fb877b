package dev.llmh.engine;

import dev.llmh.analysis.ResourceInputs;
import dev.llmh.annotations.PromptCache;
import dev.llmh.baseline.Baselines;
import dev.llmh.check.AnswerChecks;
import dev.llmh.client.ChatRequest;
import dev.llmh.client.ToolDefinitions;
import dev.llmh.config.Api;
import dev.llmh.config.ConfigKey;
import dev.llmh.endpoint.EmbeddedModels;
import dev.llmh.endpoint.Endpoint;
import dev.llmh.endpoint.EndpointKind;
import dev.llmh.endpoint.Endpoints;
import dev.llmh.load.ClosedLoop;
import dev.llmh.load.PromptMarker;
import dev.llmh.measure.RequestSample;
import dev.llmh.overhead.HarnessWatch;
import dev.llmh.plan.CasePlan;
import dev.llmh.plan.FilePrompts;
import dev.llmh.plan.Looks;
import dev.llmh.resources.PhaseSampling;
import dev.llmh.resources.PhysicsInputs;
import dev.llmh.result.CaseResult;
import dev.llmh.result.Section;
import dev.llmh.verdict.CaseAnalysis;
import dev.llmh.verdict.CaseVerdict;
import java.util.ArrayList;
import java.util.List;
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
  private final CaseComparison comparisons;

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

  CaseExecutor(Endpoints endpoints, SampleSink sink, Baselines baselines, CaseComparison comparisons) {
    this.endpoints = endpoints;
    this.sink = sink;
    this.baselines = baselines;
    this.comparisons = comparisons;
  }

  CaseOutcome run(CasePlan plan) throws InterruptedException {
    CaseOutcome outcome = measure(plan);
    CaseResult result = outcome.result();
    if (outcome.analysis().verdict() != CaseVerdict.NOT_RUN) {
      baselines.keep(CaseOutcome.caseKey(plan, result.endpoint().servedModel(), result.section(Section.PROMPT_HASH)), result.samples());
    }
    return outcome;
  }

  private CaseOutcome measure(CasePlan plan) throws InterruptedException {
    String prompt = null;
    FilePrompts file = null;
    List<String> turnTexts = List.of();
    String system;
    Endpoint endpoint;
    if (plan.prompt().promptFile() != null) {
      try {
        file = FilePrompts.load(plan.runner().getClass().getClassLoader(), plan.prompt().promptFile());
      } catch (IllegalArgumentException e) {
        return CaseOutcome.notRun(plan, null, e.getMessage());
      }
    } else if (plan.promptTokens() == null) {
      try {
        prompt = Objects.requireNonNull(plan.promptText(), "the prompt is null");
        turnTexts = plan.turnTexts();
      } catch (RuntimeException e) {
        return CaseOutcome.notRun(plan, null, "prompt '" + plan.prompt().name() + "' could not be read: " + e);
      }
    }
    if (!turnTexts.isEmpty() && (plan.api() == Api.OPENAI_COMPLETIONS || plan.api() == Api.OLLAMA_GENERATE)) {
      return CaseOutcome.notRun(plan, null, "a @Conversation sends its history as chat messages, which " + plan.api().key()
          + " cannot carry (it takes one prompt); use " + Api.OPENAI_CHAT.key() + " or " + Api.OLLAMA_CHAT.key()
          + ": @Endpoint(api = \"...\") or -Dllmh.api");
    }
    ToolDefinitions tools;
    try {
      tools = ToolDefinitions.of(plan.runner());
      turnTexts = ToolDefinitions.withToolResult(plan.runner(), turnTexts);
    } catch (IllegalArgumentException e) {
      return CaseOutcome.notRun(plan, null, e.getMessage());
    }
    if (tools != null && (plan.api() == Api.OPENAI_COMPLETIONS || plan.api() == Api.OLLAMA_GENERATE)) {
      return CaseOutcome.notRun(plan, null, "@Tools(\"" + tools.path() + "\") are offered in chat messages' requests, which "
          + plan.api().key() + " does not send; use " + Api.OPENAI_CHAT.key() + " or " + Api.OLLAMA_CHAT.key()
          + ": @Endpoint(api = \"...\") or -Dllmh.api");
    }
    dev.llmh.client.JsonOutput responseFormat;
    try {
      responseFormat = responseFormat(plan);
    } catch (IllegalArgumentException e) {
      return CaseOutcome.notRun(plan, null, e.getMessage());
    }
    try {
      system = plan.systemPromptText();
    } catch (RuntimeException e) {
      return CaseOutcome.notRun(plan, null, "the system prompt could not be read: " + e);
    }
    try {
      endpoint = endpoints.get(plan.endpoint(), plan.api());
    } catch (RuntimeException e) {
      return CaseOutcome.notRun(plan, null, e.getMessage());
    }
    long deadline = CaseDeadline.from(plan); // from here: the endpoint's opening is not the case's time
    if (plan.model() == null && !endpoint.kind().startedByLlmh()) {
      return CaseOutcome.notRun(
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
        return CaseOutcome.notRun(plan, endpoint, "the embedded server serves the models " + String.join(" and ", EmbeddedModels.NAMES)
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
      return new CaseOutcome(CaseRecords.unmeasured(plan, endpoint, analysis, setup), analysis);
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
    CaseUnits units = new CaseUnits(plan, requested, prompt, turnTexts, disableCache, deadline, marker, system, file, tools,
        plan.runner().toolResult() == null ? 0 : plan.runner().toolResult().turn(), responseFormat);

    if (warmupRequests(plan) > plan.warmupRequests()) {
      warnings.add("warm-up raised from " + plan.warmupRequests() + " to " + warmupRequests(plan) + " requests: one per"
          + " worker, so that every connection of the " + plan.concurrency() + " workers is open before measuring");
    }
    // Before the warm-up, so that neither the reference's load nor its requests fall in a measured phase.
    dev.llmh.compare.CompareFigures compare = comparisons.run(plan, endpoint, requested, prompt, deadline);
    sink.sending(plan, warmupRequests(plan));
    try (PhaseSampling resources = endpoints.resources(endpoint, plan.deployment().powerWatts()).warmingUp()) {
      return measure(plan, endpoint, units, resources, deadline, warnings, turnTexts, file, system, prompt, setup, compare);
    }
  }

  /** The scenario's {@code @ResponseFormat}, a schema read from the test classpath; null when it declares none. */
  private static dev.llmh.client.JsonOutput responseFormat(CasePlan plan) {
    dev.llmh.runner.ResponseFormatDeclaration declared = plan.runner().responseFormat();
    if (declared == null) {
      return null;
    }
    return declared.schema() == null ? dev.llmh.client.JsonOutput.ANY_OBJECT
        : dev.llmh.client.JsonOutput.load(plan.runner().getClass().getClassLoader(), declared.schema());
  }

  private CaseOutcome measure(
      CasePlan plan, Endpoint endpoint, CaseUnits units, PhaseSampling resources, long deadline, List<String> warnings,
      List<String> turnTexts, FilePrompts file, String system, String prompt, PromptSetup setup,
      dev.llmh.compare.CompareFigures compare) throws InterruptedException {
    // A conversation's warm-up is whole conversations: the server sees every context length before measuring.
    List<RequestSample> warmup = CaseUnits.flat(ClosedLoop.each(warmupRequests(plan), plan.concurrency(),
        i -> units.send(i, endpoint.client()::send, (sample, n) -> sink.warmedUp(plan, sample)), deadline, CaseExecutor::failedUnit));
    int warmupFailed = (int) warmup.stream().filter(s -> !s.succeeded()).count();
    if (warmupFailed > 0) {
      warnings.add(warmupFailed + " of " + warmupRequests(plan) + " warm-up " + (units.conversation() ? "conversations" : "requests")
          + " failed (first: " + warmup.stream().filter(s -> !s.succeeded()).findFirst().orElseThrow().error() + ")");
    }
    deadline = CaseDeadline.after(deadline, () -> sink.beforeMeasuring(plan, warmup));
    CaseUnits measuring = units.until(deadline);
    // Looked up before measuring, once: it may ask the server (GET /models, /api/tags) for the model's size.
    PhysicsInputs physics = endpoints.physicsInputs(endpoint, warmup.stream().map(RequestSample::servedModel)
        .filter(Objects::nonNull).findFirst().orElse(EmbeddedModels.asked(plan)), plan.deployment());
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
          new Measured(plan, endpoint, warmupFailed, promptHash, baselines, watch, units, new ArrayList<>(), setup, resources,
              physics, compare);
      AnswerChecks checks = AnswerChecks.of(plan.runner(), plan.params());
      java.util.function.IntFunction<List<RequestSample>> measuredUnit = n -> measuring.send(n, chat -> {
        long cpuBefore = HarnessWatch.threadCpuNanos();
        RequestSample sample = endpoint.client().send(chat);
        watch.workerCpu(HarnessWatch.threadCpuNanos() - cpuBefore);
        // After the request has ended, on the worker that sent it: the reader thread never runs user code.
        return checks.isEmpty() || !sample.succeeded() ? sample : sample.withChecks(checks.run(sample.answer(), sample.toolCalls()));
      }, (sample, k) -> sink.measured(plan, k, sample, measurementStart));
      if (plan.openLoop()) {
        watch.streamsStarted();
        long readerCpu = endpoint.client().readerCpuNanos();
        OpenLoopCase.Measured open = OpenLoopCase.run(plan.load(), OpenLoopCase.schedule(plan), measuredUnit, deadline);
        watch.workerCpu(endpoint.client().readerCpuNanos() - readerCpu);
        watch.streamsEnded();
        measured.units().addAll(open.units());
        warnings.addAll(open.warnings());
        String reason = CaseDeadline.passed(deadline) ? CaseDeadline.timedOut(plan, measured.units().size(), open.planned()) : null;
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
        if (CaseDeadline.passed(deadline)) {
          String reason = CaseDeadline.timedOut(plan, measured.units().size(), looks.points().get(look));
          lookWarnings.add(0, reason);
          return measured.outcome(lookWarnings, looks.alphaPerLook(), reason, inFlight);
        }
        boolean last = look == looks.points().size() - 1;
        CaseOutcome outcome = measured.outcome(lookWarnings, looks.alphaPerLook(), null, inFlight);
        boolean decided = outcome.analysis().settled();
        if (plan.adaptive() && (decided || last)) {
          lookWarnings.add(0, LookNote.of(measured.units().size(), units.conversation() ? "conversations" : "requests",
              looks, look, outcome.analysis()));
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
      CaseUnits sent, List<List<RequestSample>> units, PromptSetup setup, PhaseSampling resources, PhysicsInputs physics,
      dev.llmh.compare.CompareFigures compare) {

    /** @param inFlight the effective concurrency of the looks measured so far */
    CaseOutcome outcome(List<String> warnings, double alpha, String timedOut, int inFlight) {
      List<RequestSample> samples = CaseUnits.flat(units);
      long chunks = samples.stream().mapToLong(s -> s.textChunkNanos().size()).sum();
      CaseOutcome outcome = CaseOutcome.analysed(plan, endpoint, samples, sent.turns(units), warmupFailed, inFlight, warnings,
          promptHash, baselines, alpha, timedOut, watch.check(chunks), setup,
          new ResourceInputs(resources.measured(dev.llmh.analysis.CountedSpan.of(samples)), plan.deployment(), physics), compare);
      return plan.runner().judge() == null ? outcome : outcome.withAnswered(sent.answered(units, setup.text()));
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
    return plan.warmupRequests() == 0 ? 0 : Math.max(plan.warmupRequests(), plan.concurrency());
  }
}
