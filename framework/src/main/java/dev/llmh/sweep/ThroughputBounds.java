package dev.llmh.sweep;

import dev.llmh.measure.RequestMetrics;
import dev.llmh.result.CaseResult;
import dev.llmh.result.SampleRecord;
import dev.llmh.result.SaturationRecord.Step;
import dev.llmh.stats.Interval;
import dev.llmh.stats.MetricSample;
import java.util.List;

/**
 * The interval of a saturation step's output tok/s, on which the knee is decided: batch means over
 * time. The counted requests' span is cut into {@value #BINS} equal bins, each bin's output rate is
 * the tokens whose chunks arrived in it (a chunk weighs the request's tokens ÷ its chunks), and the
 * 95% t-interval of the bins' mean rate, relative to that mean, scales the throughput. Per-request
 * rates would not do: past the knee requests queue, so their rates vary while the server's output
 * does not. The gain from one step to the next has the two relative half-widths combined in
 * quadrature, so a step is past the knee only when even its upper bound is below {@code minGain}.
 */
final class ThroughputBounds {
  static final int BINS = 8;
  private static final double ALPHA_PER_SIDE = 0.025;

  private ThroughputBounds() {}

  /** {@code [lower, upper]} of the case's output tok/s; null without a figure or without the chunks' arrival times. */
  static List<Double> of(CaseResult result) {
    Double throughput = result.throughput() == null ? null : result.throughput().outputTokensPerSecond();
    if (throughput == null || result.samples() == null) {
      return null;
    }
    List<SampleRecord> counted = result.samples().stream()
        .filter(s -> s.error() == null && (s.flags() == null || !s.flags().contains(RequestMetrics.FLAG_MODEL_LOAD))).toList();
    if (counted.isEmpty() || counted.stream().anyMatch(s -> s.times().startMs() == null || s.times().endMs() == null || s.chunkMs() == null
        || s.outputTokens() == null || s.chunkMs().isEmpty() && s.outputTokens() > 0)) {
      return null;
    }
    double from = counted.stream().mapToDouble(s -> s.times().startMs()).min().orElseThrow();
    double to = counted.stream().mapToDouble(s -> s.times().startMs() + s.times().endMs()).max().orElseThrow();
    if (!(to > from)) {
      return null;
    }
    double binMs = (to - from) / BINS;
    double[] rates = new double[BINS];
    for (SampleRecord s : counted) {
      double weight = (double) s.outputTokens() / Math.max(1, s.chunkMs().size());
      for (double chunk : s.chunkMs()) {
        int bin = (int) Math.min(BINS - 1, Math.max(0, Math.floor((s.times().startMs() + chunk - from) / binMs)));
        rates[bin] += weight / (binMs / 1000);
      }
    }
    Interval mean = MetricSample.meanInterval(rates, ALPHA_PER_SIDE);
    double average = java.util.Arrays.stream(rates).average().orElseThrow();
    if (!(average > 0)) {
      return null;
    }
    double relative = (mean.upper() - average) / average;
    return List.of(Math.max(0, throughput * (1 - relative)), throughput * (1 + relative));
  }

  /** {@code [lower, upper]} of the relative gain from {@code before} to {@code after}; null when either has no interval. */
  static double[] gain(Step before, Step after) {
    List<Double> b = before.throughputBounds();
    List<Double> a = after.throughputBounds();
    if (a == null || b == null || !(before.throughput() > 0) || !(after.throughput() > 0)) {
      return null;
    }
    double ra = (a.get(1) - a.get(0)) / 2 / after.throughput();
    double rb = (b.get(1) - b.get(0)) / 2 / before.throughput();
    double ratio = after.throughput() / before.throughput();
    double combined = Math.sqrt(ra * ra + rb * rb);
    // output cannot fall by more than all of it
    return new double[] {Math.max(-1, ratio * (1 - combined) - 1), ratio * (1 + combined) - 1};
  }
}
