package dev.llmh.engine.run;

import dev.llmh.config.Defaults;
import dev.llmh.engine.cases.CaseExecutor;
import dev.llmh.engine.cases.CaseOutcome;
import dev.llmh.engine.cases.CaseRecords;
import dev.llmh.feature.CaseFeature;
import dev.llmh.measure.RequestMetrics;
import dev.llmh.measure.RequestSample;
import dev.llmh.overhead.CompilerQuiet;
import dev.llmh.plan.CasePlan;
import dev.llmh.progress.Progress;
import dev.llmh.result.CaseResult;
import dev.llmh.result.RunJournal;
import dev.llmh.result.SampleRecord;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * What a run has produced so far, kept so that the record can be written at any moment: by the
 * engine when the run ends, or by the shutdown hook when the JVM is told to stop (SIGINT,
 * SIGTERM). Whichever comes first writes; the other does nothing. Tells the run's progress how
 * each case goes.
 */
final class RunState implements CaseExecutor.SampleSink {
  final Path directory;
  final Instant startedAt;
  final String runName;
  private final RunJournal journal;
  private final Progress progress;
  private final List<CasePlan> plans;
  private final List<CaseResult> results = new ArrayList<>();
  private final java.util.Set<CasePlan> finished = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
  private CasePlan current;
  private final List<RequestSample> currentSamples = new ArrayList<>();
  private boolean written;
  private List<CaseFeature> features = List.of();
  private RunFeatures runFeatures = RunFeatures.NONE;
  /**
   * One low-priority thread writes the journal, in the order requests ended, each line
   * {@link #JOURNAL_DELAY_MS} after its request: by then the worker that ended it has its next
   * request on the wire, so the line's serialisation never shares the core with that send.
   */
  private final ScheduledExecutorService writer = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread thread = new Thread(r, "llmh-journal");
    thread.setDaemon(true);
    thread.setPriority(Thread.MIN_PRIORITY);
    return thread;
  });
  static final long JOURNAL_DELAY_MS = 5;

  /** @param plans every case of the run, in order: the record accounts for each, run or not */
  RunState(Path directory, Instant startedAt, String runName, RunJournal journal, List<CasePlan> plans, Progress progress) {
    this.progress = progress;
    this.plans = List.copyOf(plans);
    this.directory = directory;
    this.startedAt = startedAt;
    this.runName = runName;
    this.journal = journal;
  }

  /**
   * The run's features: the per-case ones, with which a case the run is stopped in is analysed; the
   * run-level ones, which write their parts of the record however it is written.
   */
  synchronized void features(List<CaseFeature> caseFeatures, RunFeatures runLevel) {
    features = List.copyOf(caseFeatures);
    runFeatures = runLevel;
  }

  /** The run-level features, none before they are opened. */
  synchronized RunFeatures runFeatures() {
    return runFeatures;
  }

  synchronized void caseStarted(CasePlan plan) {
    current = plan;
    currentSamples.clear();
    progress.caseStarted(plan);
  }

  /** Ends the case's progress before its block is printed. */
  synchronized void caseFinished(CaseResult result) {
    progress.caseEnded();
    results.add(result);
    finished.add(current);
    current = null;
    currentSamples.clear();
  }

  /** A case's record replaced by a later one of it: a judged case's, once its group has been judged. */
  synchronized void replace(CaseResult earlier, CaseResult later) {
    for (int i = 0; i < results.size(); i++) {
      if (results.get(i) == earlier) {
        results.set(i, later);
      }
    }
  }

  /** A case that is not run, with its result: one a run feature skipped (a saturation step past its search's stop). */
  synchronized void caseSkipped(CasePlan plan, CaseResult result) {
    results.add(result);
    finished.add(plan);
  }

  /** Every case of the run, in order. */
  List<CasePlan> plans() {
    return plans;
  }

  /**
   * Keeps the sample and queues its journal line: building the record, serialising and flushing it
   * happen on the journal's own thread, never on the worker whose next request (and every other
   * stream on the same core) would wait for them.
   */
  @Override
  public void measured(CasePlan plan, int request, RequestSample sample, long measurementStart) {
    synchronized (this) {
      if (plan == current) {
        currentSamples.add(sample);
      }
    }
    progress.measured(plan, request, sample, measurementStart);
    if (journal == null) {
      return;
    }
    try {
      writer.schedule(() -> append(plan, request, sample, measurementStart), JOURNAL_DELAY_MS, TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException e) {
      // the run is being written (the JVM is stopping): the record holds this sample already
    }
  }

  @Override
  public void sending(CasePlan plan, int warmup) {
    progress.sending(plan, warmup);
  }

  @Override
  public void warmedUp(CasePlan plan, RequestSample sample) {
    progress.warmedUp(plan, sample);
  }

  /**
   * Builds and serialises {@code lines} journal lines of a made-up 64-chunk request, and writes none:
   * a run measures too few requests for the JIT to compile this path before the measurement, and
   * compiling it during one takes the core the streams are read on (seen as 1–3 ms late sends in
   * the accuracy benchmark, docs/benchmarks.md).
   */
  static void warmUpBookkeeping(int lines) {
    List<Long> chunks = new ArrayList<>();
    for (long k = 0; k < 64; k++) {
      chunks.add((100 + 20 * k) * 1_000_000 + 765_809 * (k % 7)); // not whole ms: printing them takes another path
    }
    // Shaped as a streamed answer is (first answer, max_tokens, text bytes counted): a field the
    // made-up request lacked sent the first real one down a branch the JIT had not compiled.
    RequestSample sample = RequestSample.builder(0, chunks, chunks.get(63) + 417_003).promptTokens(17)
        .usageOutputTokens(64).finishReason("length").servedModel("warm-up").firstAnswerNanos(chunks.get(0))
        .maxTokens(64).textBytes(6 * 64).build();
    for (int i = 0; i < lines; i++) {
      serialise(new RunJournal.Line("warm-up", "warm-up", Map.of(), i, record(null, i, sample, 0)));
    }
  }

  /** Lines the warm-up's requests are bookkept as, though none is written. */
  static final int CASE_WARMUP_LINES = 2_000;
  /** The longest wait for the JIT compiler to fall quiet before a case is measured. */
  static final long COMPILER_QUIET_MAX_MS = 2_000;

  /**
   * Before the first measured request, the bookkeeping runs on this case's own warm-up samples —
   * the shape and values its measured ones will have, which made-up ones missed — the collector
   * empties the young generation, so that a young collection (a pause of every stream at once) is
   * unlikely inside the measured window, and the JIT compiler is given time to finish what the
   * warm-up made hot.
   */
  @Override
  public void beforeMeasuring(CasePlan plan, List<RequestSample> warmup) {
    warmup.stream().filter(RequestSample::succeeded).findFirst().ifPresent(sample -> {
      long start = sample.timing().startNanos();
      for (int i = 0; i < CASE_WARMUP_LINES; i++) {
        serialise(line(plan, i, sample, start));
      }
    });
    System.gc(); // a no-op under -XX:+DisableExplicitGC
    CompilerQuiet.await(COMPILER_QUIET_MAX_MS);
  }

  private void append(CasePlan plan, int request, RequestSample sample, long measurementStart) {
    try {
      journal.append(line(plan, request, sample, measurementStart));
    } catch (IOException e) {
      System.err.println("LLMH could not append to " + journal.file() + ": " + e);
    }
  }

  private static RunJournal.Line line(CasePlan plan, int request, RequestSample sample, long measurementStart) {
    return new RunJournal.Line(plan.scenarioClassName(), plan.caseId(), plan.allParams(), request,
        record(plan, request, sample, measurementStart));
  }

  /** A conversation's turn is numbered conversation × turns + turn − 1 (CaseUnits): the record says which turn it was. */
  private static SampleRecord record(CasePlan plan, int request, RequestSample sample, long measurementStart) {
    int turns = plan == null ? 0 : plan.conversationTurns();
    return CaseRecords.sampleRecord(sample, RequestMetrics.of(sample), measurementStart, List.of(), turns > 0 ? request % turns + 1 : null,
        plan == null ? Defaults.RECORD_TEXT_CHARS : plan.textChars());
  }

  private static void serialise(RunJournal.Line line) {
    try {
      RunJournal.json(line);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The results to write, once: null if they were written already. A case in progress is included
   * with what finished of it (perhaps nothing), and every case not reached as not run.
   */
  synchronized List<CaseResult> takeForWriting() {
    if (written) {
      return null;
    }
    written = true;
    List<CaseResult> all = new ArrayList<>(results);
    if (current != null) {
      all.add(CaseOutcome.cutShort(current, currentSamples, features));
    }
    for (CasePlan plan : plans) {
      if (!finished.contains(plan) && plan != current) {
        all.add(CaseOutcome.unmeasured(plan, dev.llmh.verdict.CaseVerdict.NOT_RUN, "the run stopped before this case").result());
      }
    }
    return all;
  }

  /** Writes the lines still queued, then closes the journal. */
  void closeJournal() {
    if (journal != null) {
      writer.shutdown();
      try {
        if (!writer.awaitTermination(30, TimeUnit.SECONDS)) {
          System.err.println("LLMH gave up waiting for " + journal.file() + " after 30 s; lines may be missing");
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      try {
        journal.close();
      } catch (IOException e) {
        System.err.println("LLMH could not close " + journal.file() + ": " + e);
      }
    }
  }
}
