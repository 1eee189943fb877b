package dev.llmh.resources;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The GPUs and energy beside the process, per phase, with a stand-in nvidia-smi. */
class PhaseSamplingHardwareTest {
  private static final Duration INTERVAL = Duration.ofMillis(250);

  @Test
  void eachPhaseHasItsGpusAndTheMeasurementItsEnergyFromConstantPower(@TempDir Path dir) throws Exception {
    StandInNvidiaSmi smi = StandInNvidiaSmi.write(dir, GpuSamplerTest.TWO_GPUS, "exit 1");
    PhaseSampling sampling = PhaseSampling.of(ProcessHandle.current().pid(), INTERVAL)
        .withHardware(() -> GpuSampler.onPath(smi.path(), INTERVAL), () -> EnergyMeter.local(dir.resolve("no-powercap"), 90.0));
    Resources r;
    long elapsedNanos;
    long warmUpNanos;
    try (sampling) {
      long warmUp = System.nanoTime();
      sampling.warmingUp();
      Thread.sleep(600);
      long start = System.nanoTime();
      warmUpNanos = start - warmUp;
      sampling.measuring();
      Thread.sleep(1200);
      r = sampling.measured();
      elapsedNanos = System.nanoTime() - start;
    }

    assertThat(smi.runs()).as("one nvidia-smi per phase").hasSize(2).allMatch(a -> a.endsWith(" -lms 250"));
    assertThat(r.peakRssBytes()).isPositive();
    assertThat(r.gpu().notMeasured()).isNull();
    // no more readings than the stand-in's pace allows (one at its start, then one per 250 ms sleep)
    assertThat(r.gpu().samples()).isBetween(1, (int) (elapsedNanos / INTERVAL.toNanos()) + 1);
    assertThat(r.warmup().gpu().samples()).isBetween(1, (int) (warmUpNanos / INTERVAL.toNanos()) + 1);
    assertThat(r.warmup().energy()).as("energy over the measurement only").isNull();
    Energy e = r.energy();
    System.out.printf("energy: %s J over %d ms (%d GPU readings)%n", e.joules(), e.windowMs(), r.gpu().samples());
    assertThat(e.energySource()).isEqualTo("nvidia-smi");
    assertThat(e.notMeasured()).isNull();
    // the window is the measured phase: at least the sleep, at most what the test saw around it
    assertThat(e.windowMs()).isBetween(1200L, elapsedNanos / 1_000_000 + 1);
    // 150.5 W throughout, so exactly 150.5 W × the window, up to the window's rounding to 1 ms
    assertThat(e.meanWatts()).isCloseTo(150.5, within(0.01));
    assertThat(e.joules()).isCloseTo(150.5 * e.windowMs() / 1000, within(150.5 * 0.0005 + 0.001));
  }

  @Test
  void gpusWithoutPowerDrawLeaveTheEnergyToTheNextSource(@TempDir Path dir) throws Exception {
    StandInNvidiaSmi smi = StandInNvidiaSmi.write(dir, String.join("\n",
        "  echo \"0, Stand-in T4, 500, 15360, 10, [N/A]\"",
        "  echo \"1, Stand-in T4, 700, 15360, 20, [Not Supported]\""), "exit 1");
    Path powercap = dir.resolve("powercap");
    EnergyMeterTest.raplZone(powercap, "intel-rapl:0", 5_000_000, 262_143_328_850L);
    PhaseSampling sampling = PhaseSampling.none("test", INTERVAL, "no process in this test")
        .withHardware(() -> GpuSampler.onPath(smi.path(), INTERVAL), () -> EnergyMeter.local(powercap, 90.0));
    Resources r;
    try (sampling) {
      sampling.warmingUp();
      sampling.measuring();
      Thread.sleep(700);
      java.nio.file.Files.writeString(powercap.resolve("intel-rapl:0/energy_uj"), "12000000\n");
      r = sampling.measured();
    }
    assertThat(r.notMeasured()).isEqualTo("no process in this test");
    assertThat(r.gpu().gpus()).extracting(g -> g.meanPowerWatts()).containsOnlyNulls();
    assertThat(r.gpu().gpus()).extracting(g -> g.meanUtilizationPercent()).containsExactly(10.0, 20.0);
    assertThat(r.energy().energySource()).isEqualTo("rapl");
    assertThat(r.energy().joules()).isEqualTo(7.0);
    assertThat(r.warmup().notMeasured()).isEqualTo("no process in this test");
    assertThat(r.warmup().gpu()).isNotNull();
  }

  @Test
  void aServerElsewhereHasItsGpusNotMeasuredAndOnlyADeclaredEnergy() throws Exception {
    PhaseSampling sampling = PhaseSampling.none("http://far:8000/v1", INTERVAL, "remote endpoint: no process to sample")
        .withHardware(() -> GpuSampler.none("remote endpoint: its GPUs are not on this machine", INTERVAL),
            () -> EnergyMeter.remote(90.0));
    Resources r;
    try (sampling) {
      sampling.warmingUp();
      sampling.measuring();
      Thread.sleep(300);
      r = sampling.measured();
    }
    assertThat(r.gpu().notMeasured()).isEqualTo("remote endpoint: its GPUs are not on this machine");
    assertThat(r.warmup().gpu().notMeasured()).isEqualTo("remote endpoint: its GPUs are not on this machine");
    assertThat(r.energy().energySource()).isEqualTo("declared");
    assertThat(r.energy().joules()).isCloseTo(90.0 * r.energy().windowMs() / 1000, within(0.05));
    assertThat(r.energy().windowMs()).isGreaterThanOrEqualTo(300L);
  }
}
