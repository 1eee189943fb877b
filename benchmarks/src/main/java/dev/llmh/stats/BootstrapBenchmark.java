package dev.llmh.stats;

import dev.llmh.constraint.Stat;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What a case's analysis pays for one pooled metric (every ITL of every request): the request-level
 * bootstrap behind its percentile and mean bounds, as the case does it once per look, on
 * {@code requests} requests of {@code gaps} gaps each (the accuracy benchmark's stress setting has
 * 255 gaps a request).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class BootstrapBenchmark {
  @Param({"50", "150"})
  int requests;

  @Param({"255"})
  int gaps;

  private List<double[]> groups;

  @Setup
  public void setUp() {
    SplittableRandom random = new SplittableRandom(1);
    groups = new ArrayList<>();
    for (int r = 0; r < requests; r++) {
      double[] itl = new double[gaps];
      for (int i = 0; i < gaps; i++) {
        itl[i] = 2 + random.nextDouble() * 0.2;
      }
      groups.add(itl);
    }
  }

  @Benchmark
  public Interval p99Bounds() {
    return MetricSample.pooled(groups).interval(Stat.P99, 0.025); // a new sample: the bootstrap is not cached across calls
  }
}
