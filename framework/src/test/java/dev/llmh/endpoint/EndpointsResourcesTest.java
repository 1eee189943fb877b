package dev.llmh.endpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.llmh.config.Config;
import dev.llmh.resources.PhaseSampling;
import dev.llmh.resources.Resources;
import dev.llmh.sim.SimulatedServer;
import dev.llmh.sim.SimulatorSettings;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Which GPUs and energy source each kind of endpoint gets. */
class EndpointsResourcesTest {

  @Test
  void aRemoteServerHasNoGpusHereAndADeclaredEnergy() throws Exception {
    try (SimulatedServer far = SimulatedServer.start(SimulatorSettings.defaults());
        Endpoints endpoints = new Endpoints(config(Map.of()), line -> {})) {
      Endpoint endpoint = endpoints.get(far.baseUrl());
      assertThat(endpoint.kind()).isEqualTo(EndpointKind.REMOTE);
      Resources r = phase(endpoints.resources(endpoint, 90.0));
      assertThat(r.notMeasured()).isEqualTo("remote endpoint: no process to sample");
      assertThat(r.gpu().notMeasured()).isEqualTo("remote endpoint: its GPUs are not on this machine");
      assertThat(r.warmup().gpu().notMeasured()).isEqualTo("remote endpoint: its GPUs are not on this machine");
      assertThat(r.energy().energySource()).isEqualTo("declared");
      assertThat(r.energy().meanWatts()).isEqualTo(90.0);
      assertThat(r.energy().joules()).isCloseTo(90.0 * r.energy().windowMs() / 1000, within(0.05));
    }
  }

  @Test
  void aLocalServerNamedByItsPidHasThisMachinesGpusAndEnergy() throws Exception {
    try (SimulatedServer local = SimulatedServer.start(SimulatorSettings.defaults());
        Endpoints endpoints = new Endpoints(config(Map.of("llmh.server.pid", Long.toString(ProcessHandle.current().pid()))), line -> {})) {
      Resources r = phase(endpoints.resources(endpoints.get(local.baseUrl()), null));
      assertThat(r.peakRssBytes()).isPositive();
      assertThat(r.gpu().source()).isEqualTo("nvidia-smi");
      if (!nvidiaSmiOnThePath()) {
        assertThat(r.gpu().notMeasured()).isEqualTo("no nvidia-smi on the PATH");
      }
      if (!raplReadable()) {
        // nothing measured and nothing declared here
        assertThat(r.energy().notMeasured()).contains("nvidia-smi: ").contains("RAPL: ").endsWith("llmh.power.watts: not declared");
        assertThat(r.energy().joules()).isNull();
      }
    }
  }

  @Test
  void theSimulatorUsesNoGpu() throws Exception {
    try (Endpoints endpoints = new Endpoints(config(Map.of()), line -> {})) {
      Resources r = phase(endpoints.resources(endpoints.get(Endpoints.SIMULATED), 40.0));
      assertThat(r.gpu().notMeasured()).isEqualTo("simulated server: it uses no GPU");
      assertThat(r.energy().energySource()).isIn("rapl", "declared");
      if (!raplReadable()) {
        assertThat(r.energy().energySource()).isEqualTo("declared");
        assertThat(r.energy().joules()).isCloseTo(40.0 * r.energy().windowMs() / 1000, within(0.05));
      }
    }
  }

  private static Resources phase(PhaseSampling sampling) throws InterruptedException {
    try (sampling) {
      sampling.warmingUp();
      Thread.sleep(300);
      sampling.measuring();
      Thread.sleep(400);
      return sampling.measured();
    }
  }

  private static Config config(Map<String, String> properties) {
    Map<String, String> all = new HashMap<>(properties);
    all.put("llmh.clientWarmup", "0");
    return Config.read(k -> Optional.ofNullable(all.get(k)), Map.of());
  }

  private static boolean nvidiaSmiOnThePath() {
    return Arrays.stream(System.getenv("PATH").split(File.pathSeparator))
        .anyMatch(d -> !d.isEmpty() && Files.isExecutable(Path.of(d, "nvidia-smi")));
  }

  private static boolean raplReadable() {
    return Files.isReadable(Path.of("/sys/class/powercap/intel-rapl:0/energy_uj"));
  }
}
