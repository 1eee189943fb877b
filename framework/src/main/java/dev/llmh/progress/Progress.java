package dev.llmh.progress;

import dev.llmh.config.Config;
import dev.llmh.config.Defaults;
import dev.llmh.measure.RequestSample;
import dev.llmh.plan.CasePlan;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * What the console says while a run goes on, so that a long case is not minutes of silence: one
 * line per long phase ({@code LLMH starting embedded llama.cpp server…}), and while a case runs a
 * progress line (see {@link ProgressLine}), rewritten in place on a terminal and at most once per
 * {@code llmh.progress.interval} elsewhere ({@link ProgressOutput}). Off with {@code
 * llmh.progress=false}: then nothing at all is printed and no thread is started.
 *
 * <p>Worker threads only count into the case's {@link CaseTally}; a single low-priority daemon
 * thread, started with the first case, reads it and prints.
 */
public final class Progress implements AutoCloseable {
  private static final Progress OFF = new Progress(null, System::nanoTime, Duration.ZERO);

  private final ProgressOutput output;
  private final LongSupplier clock;
  private final Duration tick;
  private ScheduledExecutorService ticker;
  private volatile CaseTally tally;

  /** @param tick how often the ticker looks; zero: never (a test calls {@link #tick()} itself) */
  Progress(ProgressOutput output, LongSupplier clock, Duration tick) {
    this.output = output;
    this.clock = clock;
    this.tick = tick;
  }

  /** Progress on standard output as {@code settings} say, in the mode the console calls for. */
  public static Progress start(Config.Progress settings) {
    if (!settings.enabled()) {
      return OFF;
    }
    boolean terminal = dev.llmh.console.Terminal.isTerminal() && !"dumb".equals(System.getenv("TERM"));
    Duration interval = settings.interval();
    ProgressOutput output =
        new ProgressOutput(System.out, terminal, interval, ProgressOutput.width(System.getenv("COLUMNS")));
    Duration refresh = Defaults.PROGRESS_REFRESH;
    return new Progress(output, System::nanoTime, terminal || refresh.compareTo(interval) < 0 ? refresh : interval);
  }

  /** Says what a long phase does, on a line of its own: {@code generating model llmh-small (69 MB)…}. */
  public void phase(String message) {
    if (output != null) {
      synchronized (this) {
        output.message("LLMH " + message);
      }
    }
  }

  public synchronized void caseStarted(CasePlan plan) {
    if (output == null) {
      return;
    }
    this.tally = new CaseTally(plan);
    if (ticker == null && !tick.isZero()) {
      ticker = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "llmh-progress");
        thread.setDaemon(true);
        thread.setPriority(Thread.MIN_PRIORITY);
        return thread;
      });
      ticker.scheduleAtFixedRate(this::tick, tick.toNanos(), tick.toNanos(), TimeUnit.NANOSECONDS);
    }
  }

  /** The case's endpoint is open and its {@code warmup} warm-up requests, then its measured ones, are being sent. */
  public void sending(CasePlan plan, int warmup) {
    CaseTally current = tallyOf(plan);
    if (current != null) {
      current.sending(warmup, clock.getAsLong());
    }
  }

  /** A warm-up request ended; called on the worker thread that sent it. */
  public void warmedUp(CasePlan plan, RequestSample sample) {
    CaseTally current = tallyOf(plan);
    if (current != null) {
      current.warmedUp(sample);
    }
  }

  /** A measured request ended; called on the worker thread that sent it. */
  public void measured(CasePlan plan, int request, RequestSample sample, long measurementStart) {
    CaseTally current = tallyOf(plan);
    if (current != null) {
      current.measured(request, sample, measurementStart);
    }
  }

  /** The case is over: no more progress for it; on a terminal its line is closed. */
  public synchronized void caseEnded() {
    CaseTally current = tally;
    tally = null;
    if (current != null) {
      ProgressLine last = current.read(clock.getAsLong());
      if (last != null) {
        output.caseEnded(last.text());
      }
    }
  }

  /** Shows the case under way, if the output wants a line now. The ticker's work. */
  synchronized void tick() {
    try {
      CaseTally current = tally;
      long now = clock.getAsLong();
      ProgressLine line = current == null ? null : current.read(now);
      if (line != null) {
        output.show(line.text(), current.since(), now);
      }
    } catch (RuntimeException e) {
      // progress is a courtesy: a bug here must not stop the ticker, nor reach the run
    }
  }

  @Override
  public void close() {
    caseEnded();
    synchronized (this) {
      if (ticker != null) {
        ticker.shutdownNow();
        ticker = null;
      }
    }
  }

  /** The tally of {@code plan}'s case; null when progress is off or another case is under way. */
  private CaseTally tallyOf(CasePlan plan) {
    CaseTally current = tally;
    return current != null && current.plan() == plan ? current : null;
  }
}
