package dev.llmh.resources;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each energy source against figures computed by hand. */
class EnergyMeterTest {
  private static final long SECOND = 1_000_000_000L;
  private static final long MS = 1_000_000L;
  private static final long T0 = 7 * SECOND;

  @Test
  void powerReadingsIntegrateByTrapezoidsWithTheEndsHeldToThePhasesEdges() {
    // 0-100 ms held at 100 W: 10 J; 100-300 ms from 100 to 200 W: 30 J; 300-600 ms at 200 W: 60 J;
    // 600-1000 ms held at 200 W: 80 J.
    double[][] readings = {{100, 100}, {300, 200}, {600, 200}};
    assertThat(EnergyMeter.joules(readings, 0, 1000)).isCloseTo(180.0, within(1e-9));
    assertThat(EnergyMeter.joules(new double[][] {{500, 50}}, 0, 2000)).isCloseTo(100.0, within(1e-9));
  }

  @Test
  void aReadingBeyondAWindowsEdgeIsInterpolatedToTheEdgeNotMovedThere() {
    // 10 W at 0 ms, 30 W at 1500 ms: at 1000 ms the line is at 23.33 W, so 0-1000 ms is
    // (10 + 23.33) / 2 W × 1 s = 16.67 J (moving the 30 W reading to 1000 ms would give 20 J)
    assertThat(EnergyMeter.joules(new double[][] {{0, 10}, {1500, 30}}, 0, 1000)).isCloseTo(16.667, within(1e-3));
    // 500-1000 ms of the same line: from 16.67 to 23.33 W, 10 J
    assertThat(EnergyMeter.joules(new double[][] {{0, 10}, {1500, 30}}, 500, 1000)).isCloseTo(10.0, within(1e-9));
    // a window from -100 ms (50 W, between 0 and 100 W) to 500 ms (150 W), the 100 W reading at 0 ms inside
    assertThat(EnergyMeter.joules(new double[][] {{-200, 0}, {0, 100}, {1000, 200}}, -100, 500)).isCloseTo(
        (50 + 100) / 2.0 * 0.1 + (100 + 150) / 2.0 * 0.5, within(1e-9));
  }

  @Test
  void theGpusEnergyIsOverTheGivenSpanOnly(@TempDir Path powercap) throws IOException {
    EnergyMeter meter = EnergyMeter.local(powercap, 90.0).start(T0);
    // one GPU: 100 W at 0 ms, 300 W at 2000 ms; the span 500-1500 ms runs from 150 to 250 W: 200 J
    GpuResources gpus = gpus(row(0, 0, 100.0), row(0, 1, 0.0), row(2000, 0, 300.0), row(2000, 1, 0.0));
    Energy e = meter.over(gpus, T0 + 500 * MS, T0 + 1500 * MS, T0 + 2 * SECOND);
    assertThat(e).isEqualTo(new Energy("nvidia-smi", 200.0, 200.0, 1000L, null, null));
  }

  @Test
  void raplCountersReadDuringThePhaseAreInterpolatedAtTheSpansEdges(@TempDir Path powercap) throws IOException {
    raplZone(powercap, "intel-rapl:0", 1_000_000, 262_143_328_850L);
    EnergyMeter meter = EnergyMeter.local(powercap, 90.0).start(T0);
    // 10 J from 0 to 1000 ms (10 W), then 90 J to 2000 ms (90 W)
    Files.writeString(powercap.resolve("intel-rapl:0/energy_uj"), "11000000\n");
    meter.sample(T0 + SECOND);
    Files.writeString(powercap.resolve("intel-rapl:0/energy_uj"), "101000000\n");
    // the span 500-1500 ms: 5 J at 10 W, then 45 J at 90 W
    Energy e = meter.over(null, T0 + 500 * MS, T0 + 1500 * MS, T0 + 2 * SECOND);
    assertThat(e).isEqualTo(new Energy("rapl", 50.0, 50.0, 1000L, null, null));
  }

  @Test
  void theDeclaredPowerIsChargedOverTheSpanOnly(@TempDir Path powercap) throws IOException {
    Energy e = EnergyMeter.remote(60.0).start(T0).over(null, T0 + 250 * MS, T0 + 1250 * MS, T0 + 2 * SECOND);
    assertThat(e).isEqualTo(new Energy("declared", 60.0, 60.0, 1000L, null, null));
  }

  @Test
  void gpuPowerComesFirstSummedOverTheGpus(@TempDir Path powercap) throws IOException {
    raplZone(powercap, "intel-rapl:0", 1_000_000, 262_143_328_850L);
    EnergyMeter meter = EnergyMeter.local(powercap, 90.0).start(T0);
    // two GPUs: 100 + 50 W at 0 ms, 100 + 150 W at 1000 ms: 0-1000 ms from 150 to 250 W, 200 J;
    // 1000-2000 ms held at 250 W, 250 J
    GpuResources gpus = gpus(
        row(0, 0, 100.0), row(0, 1, 50.0),
        row(1000, 0, 100.0), row(1000, 1, 150.0));
    Energy e = meter.over(gpus, T0 + 2 * SECOND);
    assertThat(e).isEqualTo(new Energy("nvidia-smi", 450.0, 225.0, 2000L, null, null));
  }

  @Test
  void gpusWithoutPowerFallToRaplWhosePackagesCountOnceAndWrap(@TempDir Path powercap) throws IOException {
    raplZone(powercap, "intel-rapl:0", 1_000_000, 262_143_328_850L);
    raplZone(powercap, "intel-rapl:0:0", 100, 262_143_328_850L); // a sub-zone: part of package 0
    raplZone(powercap, "intel-rapl:1", 262_143_000_000L, 262_143_328_850L);
    EnergyMeter meter = EnergyMeter.local(powercap, 90.0).start(T0);
    Files.writeString(powercap.resolve("intel-rapl:0/energy_uj"), "3000000\n");
    Files.writeString(powercap.resolve("intel-rapl:0:0/energy_uj"), "900000000\n");
    Files.writeString(powercap.resolve("intel-rapl:1/energy_uj"), "500000\n"); // wrapped
    GpuResources noPower = gpus(row(0, 0, null), row(0, 1, 50.0));

    Energy e = meter.over(noPower, T0 + 2 * SECOND);

    // package 0: 2 000 000 µJ; package 1: 262 143 328 850 - 262 143 000 000 + 500 000 = 828 850 µJ
    assertThat(e.energySource()).isEqualTo("rapl");
    assertThat(e.joules()).isEqualTo(2.829); // 2.82885 J, to the mJ
    assertThat(e.meanWatts()).isEqualTo(1.414);
    assertThat(e.windowMs()).isEqualTo(2000L);
    assertThat(e.notMeasured()).isNull();
  }

  @Test
  void unreadableRaplFallsToTheDeclaredPowerRecordedAsDeclared(@TempDir Path powercap) throws IOException {
    Files.createDirectories(powercap.resolve("intel-rapl:0")); // no energy_uj to read
    EnergyMeter meter = EnergyMeter.local(powercap, 90.0).start(T0);
    Energy e = meter.over(GpuResources.notMeasured("nvidia-smi", 250, "no nvidia-smi on the PATH"), T0 + 1_500_000_000L);
    assertThat(e).isEqualTo(new Energy("declared", 135.0, 90.0, 1500L, null, null));
  }

  @Test
  void withNoSourceTheReasonNamesWhyEachWasNotAvailable(@TempDir Path powercap) throws IOException {
    Files.createDirectories(powercap.resolve("intel-rapl:0"));
    Energy local = EnergyMeter.local(powercap, null).start(T0)
        .over(GpuResources.notMeasured("nvidia-smi", 250, "no nvidia-smi on the PATH"), T0 + SECOND);
    assertThat(local.energySource()).isNull();
    assertThat(local.joules()).isNull();
    assertThat(local.notMeasured()).isEqualTo("nvidia-smi: no nvidia-smi on the PATH; RAPL: "
        + powercap.resolve("intel-rapl:0/energy_uj") + " is not readable; llmh.power.watts: not declared");

    Energy remote = EnergyMeter.remote(null).start(T0)
        .over(GpuResources.notMeasured("nvidia-smi", 250, "remote endpoint: its GPUs are not on this machine"), T0 + SECOND);
    assertThat(remote.notMeasured()).isEqualTo("nvidia-smi: remote endpoint: its GPUs are not on this machine;"
        + " RAPL: remote endpoint: its CPUs are not on this machine; llmh.power.watts: not declared");
    assertThat(EnergyMeter.remote(60.0).start(T0).over(null, T0 + 2 * SECOND))
        .isEqualTo(new Energy("declared", 120.0, 60.0, 2000L, null, null));
  }

  @Test
  void noPowercapDirectoryIsAReasonNotAFailure(@TempDir Path dir) {
    Energy e = EnergyMeter.local(dir.resolve("powercap"), null).start(T0).over(null, T0 + SECOND);
    assertThat(e.notMeasured()).contains("RAPL: " + dir.resolve("powercap") + " does not exist");
  }

  static void raplZone(Path powercap, String zone, long energyUj, long maxUj) throws IOException {
    Path dir = Files.createDirectories(powercap.resolve(zone));
    Files.writeString(dir.resolve("energy_uj"), energyUj + "\n");
    Files.writeString(dir.resolve("max_energy_range_uj"), maxUj + "\n");
  }

  private static List<Number> row(long tMs, int index, Double watts) {
    return Arrays.asList(tMs, index, 1L << 30, 50.0, watts);
  }

  @SafeVarargs
  private static GpuResources gpus(List<Number>... rows) {
    return new GpuResources("nvidia-smi", 250, rows.length / 2, List.of(), List.of(rows), null, null);
  }
}
