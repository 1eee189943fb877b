package dev.llmh.resources;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The GPU sampler against a stand-in nvidia-smi whose readings the test sets. */
class GpuSamplerTest {
  private static final long MIB = 1L << 20;
  private static final Duration INTERVAL = Duration.ofMillis(250);
  /** GPU 0's memory steps 1000, 1100, 1200 MiB; GPU 1 reports no utilisation. */
  static final String TWO_GPUS = String.join("\n",
      "  echo \"0, Stand-in A100, $((1000 + 100 * (i % 3))), 40960, 40, 100.0\"",
      "  echo \"1, Stand-in A100, 2000, 40960, [N/A], 50.5\"");

  @Test
  void oneProcessPerPhaseWithTheIntervalAndEachGpusPeakAndMeans(@TempDir Path dir) throws Exception {
    StandInNvidiaSmi smi = StandInNvidiaSmi.write(dir, TWO_GPUS, "exit 1");
    GpuSampler sampler = GpuSampler.onPath(smi.path(), INTERVAL).start(System.nanoTime());
    // Three readings are needed for GPU 0's peak: waited for, however slowly a busy machine brings them.
    long guard = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (sampler.snapshot().samples() < 3) {
      assertThat(System.nanoTime()).as("no third reading within 30 s").isLessThan(guard);
      Thread.sleep(20);
    }
    GpuResources r = sampler.stop();

    assertThat(smi.runs()).containsExactly(
        "--query-gpu=index,name,memory.used,memory.total,utilization.gpu,power.draw --format=csv,noheader,nounits -lms 250");
    System.out.printf("GPU: %d readings at 250 ms, %d printed%n", r.samples(), smi.ticks());
    assertThat(r.notMeasured()).isNull();
    assertThat(r.source()).isEqualTo("nvidia-smi");
    assertThat(r.intervalMs()).isEqualTo(250);
    // each a reading the stand-in printed, none counted twice
    assertThat(r.samples()).isBetween(3, smi.ticks());
    assertThat(r.series()).hasSize(2 * r.samples());
    assertThat(r.gpus()).hasSize(2);
    GpuResources.Gpu a = r.gpus().get(0);
    assertThat(a.index()).isZero();
    assertThat(a.name()).isEqualTo("Stand-in A100");
    assertThat(a.memoryTotalBytes()).isEqualTo(40960 * MIB);
    assertThat(a.peakMemoryBytes()).isEqualTo(1200 * MIB);
    assertThat(a.meanUtilizationPercent()).isEqualTo(40.0);
    assertThat(a.meanPowerWatts()).isEqualTo(100.0);
    GpuResources.Gpu b = r.gpus().get(1);
    assertThat(b.peakMemoryBytes()).isEqualTo(2000 * MIB);
    assertThat(b.meanUtilizationPercent()).isNull();
    assertThat(b.meanPowerWatts()).isEqualTo(50.5);

    List<Number> first = r.series().get(0);
    List<Number> second = r.series().get(1);
    assertThat(first).hasSize(5);
    assertThat(first).containsExactly(first.get(0), 0, 1000 * MIB, 40.0, 100.0);
    assertThat(second).containsExactly(first.get(0), 1, 2000 * MIB, null, 50.5);
    long t1 = r.series().get(2).get(0).longValue();
    // stamped as they came: a reading after the next 250 ms sleep of the stand-in's
    assertThat(t1 - first.get(0).longValue()).isGreaterThanOrEqualTo(200L);
    assertThat(r.series().get(2).get(2)).isEqualTo(1100 * MIB);

    double[] memory = r.totals(GpuResources.MEMORY_BYTES);
    assertThat(memory).hasSize(r.samples());
    assertThat(memory[0]).isEqualTo(3000.0 * MIB);
    assertThat(memory[1]).isEqualTo(3100.0 * MIB);
    assertThat(r.totals(GpuResources.POWER_WATTS)).hasSize(r.samples()).containsOnly(150.5);
    assertThat(r.totals(GpuResources.UTILIZATION_PERCENT)).as("GPU 1 reports none: no reading is summed short").isEmpty();
    double[][] timed = r.readings(GpuResources.POWER_WATTS);
    assertThat(timed[1][0]).isEqualTo(t1, within(0.0));

    Thread.sleep(400);
    assertThat(smi.runs()).as("stopped: no process left printing").hasSize(1);
    assertThat(sampler.snapshot().samples()).isEqualTo(r.samples());
  }

  @Test
  void withoutNvidiaSmiOnThePathTheGpusAreNotMeasured(@TempDir Path dir) throws Exception {
    Path notExecutable = dir.resolve("nvidia-smi");
    Files.writeString(notExecutable, "#!/bin/bash\n");
    GpuResources r = GpuSampler.onPath(dir.toString(), INTERVAL).start(System.nanoTime()).stop();
    assertThat(r.notMeasured()).isEqualTo("no nvidia-smi on the PATH");
    assertThat(r.samples()).isZero();
    assertThat(r.gpus()).isEmpty();
    assertThat(r.series()).isEmpty();
  }

  @Test
  void anErrorMessageInsteadOfReadingsIsTheReasonNotZeros(@TempDir Path dir) throws Exception {
    StandInNvidiaSmi smi = StandInNvidiaSmi.write(dir,
        "  echo \"NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver.\" >&2; exit 9", "exit 9");
    GpuSampler sampler = GpuSampler.onPath(smi.path(), INTERVAL).start(System.nanoTime());
    Thread.sleep(500);
    GpuResources r = sampler.stop();
    assertThat(r.notMeasured()).contains("NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver.");
    assertThat(r.gpus()).isEmpty();
    assertThat(r.series()).isEmpty();
  }

  @Test
  void aProcessThatEndsBeforeThePhaseIsNotAMeasurement(@TempDir Path dir) throws Exception {
    StandInNvidiaSmi smi = StandInNvidiaSmi.write(dir, TWO_GPUS + "\n  [ $i -ge 1 ] && exit 3", "exit 1");
    GpuSampler sampler = GpuSampler.onPath(smi.path(), INTERVAL).start(System.nanoTime());
    Thread.sleep(1000);
    GpuResources r = sampler.stop();
    assertThat(r.notMeasured()).isEqualTo("nvidia-smi ended with status 3 before the phase did, after 2 readings");
    assertThat(r.series()).isEmpty();
  }
}
