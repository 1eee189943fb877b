package dev.llmh.resources;

import dev.llmh.result.Resources;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * A case's resource sampling, warm-up and measurement apart: the warm-up's includes loading the
 * model and first allocations, which would blur the measurement's mean. Without a process to
 * sample, both phases are recorded as not measured with the reason.
 */
public final class PhaseSampling implements AutoCloseable {
  private final Supplier<ProcessSampler> sampler;
  private final String source;
  private final String notMeasured;
  private final Duration interval;
  private ProcessSampler running;
  private Resources warmup;

  private PhaseSampling(Supplier<ProcessSampler> sampler, String source, String notMeasured, Duration interval) {
    this.sampler = sampler;
    this.source = source;
    this.notMeasured = notMeasured;
    this.interval = interval;
  }

  /** Sampling of {@code pid} and its children. */
  public static PhaseSampling of(long pid, Duration interval) {
    return new PhaseSampling(() -> ProcessSampler.of(pid, interval), null, null, interval);
  }

  /** Sampling of every process named {@code name} and their children, summed. */
  public static PhaseSampling named(String name, Duration interval) {
    return new PhaseSampling(() -> ProcessSampler.named(name, interval), null, null, interval);
  }

  /** No process to sample for {@code source}, and why. */
  public static PhaseSampling none(String source, Duration interval, String reason) {
    return new PhaseSampling(null, source, reason, interval);
  }

  /** The warm-up begins. */
  public PhaseSampling warmingUp() {
    if (sampler != null) {
      running = sampler.get().start();
    }
    return this;
  }

  /** The warm-up is over and the measurement begins. */
  public void measuring() {
    if (sampler != null) {
      warmup = running == null ? null : running.stop();
      running = sampler.get().start();
    }
  }

  /** The measurement's resources so far, with the warm-up's. */
  public Resources measured() {
    if (sampler == null) {
      Resources none = Resources.notMeasured(source, interval.toMillis(), notMeasured);
      return none.withWarmup(none);
    }
    return running.snapshot().withWarmup(warmup);
  }

  @Override
  public void close() {
    if (running != null) {
      running.stop();
      running = null;
    }
  }
}
