package dev.llmh.resources;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.llmh.analysis.ResourceFiguresProbe;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server's share of the GPUs against a stand-in nvidia-smi listing two compute processes, only
 * one of them the server's (this JVM, sampled as the server): the server is charged its own GPU's
 * memory and power, the machine's totals kept beside them as context.
 */
class GpuServerShareTest {
  private static final long MIB = 1L << 20;
  private static final Duration INTERVAL = Duration.ofMillis(250);
  private static final long SERVER = ProcessHandle.current().pid();
  private static final long OTHER = 4242;

  /** GPU 0 (the server's) draws 100 W, GPU 1 50.5 W; the whole machine 150.5 W. */
  private static String apps(String serverGpu, String otherGpu) {
    return String.join(" ",
        "case \"$1\" in",
        "--query-gpu=index,uuid,name) echo '0, GPU-aaa, Stand-in A100'; echo '1, GPU-bbb, Stand-in A100';;",
        "--query-compute-apps=gpu_uuid,pid,used_memory) echo '" + serverGpu + ", " + SERVER + ", 800';",
        "echo '" + otherGpu + ", " + OTHER + ", 1500';;",
        "*) exit 1;;",
        "esac");
  }

  /** One measured phase of {@code ms} against {@code gpus}; a RAPL zone under {@code powercap} counts 7 J in it. */
  private static Resources measure(java.util.function.Supplier<GpuSampler> gpus, Path powercap, Double watts, long ms)
      throws Exception {
    EnergyMeterTest.raplZone(powercap, "intel-rapl:0", 5_000_000, 262_143_328_850L);
    PhaseSampling sampling = PhaseSampling.of(SERVER, INTERVAL).withHardware(gpus, () -> EnergyMeter.local(powercap, watts));
    try (sampling) {
      sampling.warmingUp();
      sampling.measuring();
      Thread.sleep(ms);
      java.nio.file.Files.writeString(powercap.resolve("intel-rapl:0/energy_uj"), "12000000\n");
      return sampling.measured();
    }
  }

  private static Resources measure(StandInNvidiaSmi smi, Path powercap, Double watts) throws Exception {
    return measure(() -> GpuSampler.forServer(smi.path(), INTERVAL, ProcessTree.pidsOf(SERVER)), powercap, watts, 1400);
  }

  @Test
  void onlyTheServersGpuIsChargedToItTheMachinesTotalsBeside(@TempDir Path dir) throws Exception {
    StandInNvidiaSmi smi = StandInNvidiaSmi.write(dir, GpuSamplerTest.TWO_GPUS, apps("GPU-aaa", "GPU-bbb"));
    Resources r = measure(smi, dir.resolve("powercap"), null);

    GpuServerShare share = r.gpu().server();
    System.out.printf("server share: %s; energy %s J over %d ms%n", share, r.energy().joules(), r.energy().windowMs());
    assertThat(smi.runs()).contains("--query-compute-apps=gpu_uuid,pid,used_memory --format=csv,noheader,nounits");
    assertThat(share.device()).isEqualTo(GpuServerShare.GPU);
    assertThat(share.basis()).isEqualTo("pid " + SERVER + " on GPU 0 in nvidia-smi --query-compute-apps");
    assertThat(share.gpuIndexes()).containsExactly(0);
    // its own process's 800 MiB, not GPU 0's 1,000-1,200 MiB nor the machine's 3,000+
    assertThat(share.peakMemoryBytes()).isEqualTo(800 * MIB);
    assertThat(share.processes()).as("the server's process, not pid " + OTHER).containsExactly(List.of(SERVER, 0, 800 * MIB));
    assertThat(share.meanPowerWatts()).isEqualTo(100.0);
    assertThat(share.powerNotMeasured()).isNull();
    assertThat(r.gpu().gpus()).extracting(g -> g.meanPowerWatts()).containsExactly(100.0, 50.5);
    Energy e = r.energy();
    assertThat(e.energySource()).isEqualTo(Energy.NVIDIA_SMI);
    // 100 W throughout: GPU 1's 50.5 W, another process's, is not the server's
    assertThat(e.meanWatts()).isCloseTo(100.0, within(0.01));
    assertThat(e.joules()).isCloseTo(100.0 * e.windowMs() / 1000, within(0.06));
    assertThat(ResourceFiguresProbe.gpuMemoryMax(r)).isEqualTo(800.0 * MIB);
    assertThat(ResourceFiguresProbe.gpuPowerMean(r)).isEqualTo(100.0);
  }

  @Test
  void aGpuSharedWithAnotherProcessHasItsPowerNotChargedAndNoCpuEnergyInItsPlace(@TempDir Path dir) throws Exception {
    StandInNvidiaSmi smi = StandInNvidiaSmi.write(dir, GpuSamplerTest.TWO_GPUS, apps("GPU-aaa", "GPU-aaa"));
    Resources r = measure(smi, dir.resolve("powercap"), 90.0);

    GpuServerShare share = r.gpu().server();
    assertThat(share.device()).isEqualTo(GpuServerShare.GPU);
    assertThat(share.peakMemoryBytes()).isEqualTo(800 * MIB);
    assertThat(share.meanPowerWatts()).isNull();
    assertThat(share.powerNotMeasured()).startsWith("GPU 0 was also used by pid " + OTHER + " (poll at ")
        .endsWith("nvidia-smi gives no per-process power, so a shared GPU's draw is not charged to the server");
    Energy e = r.energy();
    assertThat(e.energySource()).as("declared, never the CPU package's RAPL for a GPU server").isEqualTo(Energy.DECLARED);
    assertThat(ResourceFiguresProbe.gpuPowerReason(r)).contains("GPU 0 was also used by pid " + OTHER);
  }

  @Test
  void aServerHoldingNoGpuHasItsEnergyFromTheCpuPackages(@TempDir Path dir) throws Exception {
    StandInNvidiaSmi smi = StandInNvidiaSmi.write(dir, GpuSamplerTest.TWO_GPUS, apps("GPU-zzz-not-listed", "GPU-bbb")
        .replace("echo 'GPU-zzz-not-listed, " + SERVER + ", 800';", ""));
    Resources r = measure(smi, dir.resolve("powercap"), 90.0);
    GpuServerShare share = r.gpu().server();
    assertThat(share.device()).isEqualTo(GpuServerShare.CPU);
    assertThat(share.basis()).startsWith("no process of the server in nvidia-smi --query-compute-apps");
    assertThat(share.peakMemoryBytes()).isZero();
    assertThat(r.energy().energySource()).isEqualTo(Energy.RAPL);
    assertThat(r.energy().joules()).isEqualTo(7.0);
    assertThat(ResourceFiguresProbe.gpuMemoryMax(r)).isZero();
  }

  @Test
  void processesNvidiaSmiCannotListLeaveTheDeviceUnknownAndTheEnergyDeclared(@TempDir Path dir) throws Exception {
    StandInNvidiaSmi smi = StandInNvidiaSmi.write(dir, GpuSamplerTest.TWO_GPUS, apps("GPU-aaa", "GPU-bbb")
        .replace("--query-compute-apps=gpu_uuid,pid,used_memory) echo", "--query-compute-apps=gpu_uuid,pid,used_memory) exit 3; echo"));
    Resources r = measure(smi, dir.resolve("powercap"), 90.0);

    GpuServerShare share = r.gpu().server();
    assertThat(share.device()).isNull();
    assertThat(share.basis()).startsWith("nvidia-smi --query-compute-apps: ended with status 3");
    assertThat(r.gpu().gpus()).as("the machine's readings stay, as context").hasSize(2);
    assertThat(r.energy().energySource()).as("neither the machine's GPUs nor the CPU package").isEqualTo(Energy.DECLARED);
    assertThat(ResourceFiguresProbe.gpuMemoryMax(r)).isNaN();
  }

  @Test
  void aServerKnownToRunOnTheCpuIsChargedNoneOfTheGpusDraw(@TempDir Path dir) throws Exception {
    StandInNvidiaSmi smi = StandInNvidiaSmi.write(dir, GpuSamplerTest.TWO_GPUS, "exit 1");
    String basis = "embedded server: llama.cpp runs on the CPU, no layer offloaded to a GPU";
    Resources r = measure(() -> GpuSampler.cpuServer(smi.path(), INTERVAL, basis), dir.resolve("powercap"), 90.0, 700);
    assertThat(r.gpu().notMeasured()).isNull();
    assertThat(r.gpu().gpus()).as("the machine's GPUs as context").hasSize(2);
    assertThat(r.gpu().server().device()).isEqualTo(GpuServerShare.CPU);
    assertThat(r.gpu().server().basis()).isEqualTo(basis);
    assertThat(r.energy().energySource()).as("not the idle GPUs' 150.5 W").isEqualTo(Energy.RAPL);
    assertThat(r.energy().joules()).isEqualTo(7.0);
    assertThat(smi.runs()).noneMatch(a -> a.contains("compute-apps"));
  }
}
