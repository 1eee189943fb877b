package dev.llmh.progress;

import dev.llmh.measure.RequestSample;
import dev.llmh.plan.CasePlan;
import dev.llmh.plan.Looks;
import dev.llmh.stats.Summary;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * What one case's requests have done so far. Worker threads only count and store one value per
 * request as it ends — no lock, no allocation, no clock read: the next request of that worker, and
 * every stream on the same core, would wait for anything more. The ticker reads it and does the rest.
 */
final class CaseTally {
  private final CasePlan plan;
  private final String name;
  private final List<Integer> looks;
  private final boolean adaptive;
  private final AtomicInteger warmupEnded = new AtomicInteger();
  private final AtomicInteger warmupFailed = new AtomicInteger();
  private final AtomicInteger measuredEnded = new AtomicInteger();
  private final AtomicInteger measuredFailed = new AtomicInteger();
  /** Measured request i's TTFT in ns plus one; 0 until it ended with a first token. */
  private final AtomicLongArray ttftNanos;
  private volatile int warmupPlanned;
  /** When the requests began ({@link System#nanoTime()}); null until then. */
  private volatile Long since;
  /** When the measured requests began; set before {@code measuring}, so read after it. */
  private volatile long measurementStart;
  private volatile boolean measuring;

  CaseTally(CasePlan plan) {
    this.plan = plan;
    this.name = plan.scenarioClassName().substring(plan.scenarioClassName().lastIndexOf('.') + 1) + " › " + plan.displayName();
    // A conversation's every turn is a request: the counts shown are requests, the turns of the planned conversations.
    int perUnit = Math.max(1, plan.conversationTurns());
    this.looks = Looks.plan(plan.requests().measuredRequests(), plan.requests().maxRequests(), plan.verdicts().confidence()).points().stream()
        .map(n -> n * perUnit).toList();
    this.adaptive = plan.adaptive();
    this.ttftNanos = new AtomicLongArray(looks.get(looks.size() - 1));
  }

  CasePlan plan() {
    return plan;
  }

  /** The endpoint is open: {@code warmup} warm-up requests, then the measured ones, begin at {@code now}. */
  void sending(int warmup, long now) {
    warmupPlanned = warmup * Math.max(1, plan.conversationTurns());
    since = now;
  }

  /** When the requests began, or null before. */
  Long since() {
    return since;
  }

  void warmedUp(RequestSample sample) {
    if (!sample.succeeded()) {
      warmupFailed.incrementAndGet();
    }
    warmupEnded.incrementAndGet();
  }

  /** @param request the measured request's number within the case, from 0 */
  void measured(int request, RequestSample sample, long measurementStart) {
    if (!measuring) {
      this.measurementStart = measurementStart;
      measuring = true;
    }
    if (!sample.succeeded()) {
      measuredFailed.incrementAndGet();
    } else if (!sample.timing().textChunkNanos().isEmpty() && request >= 0 && request < ttftNanos.length()) {
      ttftNanos.set(request, sample.timing().textChunkNanos().get(0) - sample.timing().startNanos() + 1);
    }
    measuredEnded.incrementAndGet();
  }

  /** The case as of {@code now}, on the ticker's thread; null before its requests began. */
  ProgressLine read(long now) {
    Long began = since;
    if (began == null) {
      return null;
    }
    double[] ttftMillis = new double[ttftNanos.length()];
    int n = 0;
    for (int i = 0; i < ttftMillis.length; i++) {
      long value = ttftNanos.get(i);
      if (value > 0) {
        ttftMillis[n++] = (value - 1) / 1e6;
      }
    }
    long measuringNanos = measuring ? now - measurementStart : -1;
    return new ProgressLine(name, new ProgressLine.Warmup(warmupPlanned, warmupEnded.get(), warmupFailed.get()),
        new ProgressLine.Measured(looks, adaptive, measuredEnded.get(), measuredFailed.get()),
        Summary.of(Arrays.copyOf(ttftMillis, n)).order().p50(), now - began, measuringNanos);
  }
}
