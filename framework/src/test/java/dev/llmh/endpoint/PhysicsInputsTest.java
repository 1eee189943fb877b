package dev.llmh.endpoint;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.client.ChatRequest;
import dev.llmh.client.EndpointInfo;
import dev.llmh.client.ProtocolClient;
import dev.llmh.config.Api;
import dev.llmh.config.Config;
import dev.llmh.config.DeploymentFacts;
import dev.llmh.measure.RequestSample;
import dev.llmh.resources.BandwidthCheck;
import dev.llmh.resources.PhysicsInputs;
import dev.llmh.sim.SimulatedServer;
import dev.llmh.sim.SimulatorSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 14 point 5: where the physics check's model bytes and memory bandwidth come from. */
class PhysicsInputsTest {

  @Test
  void theEmbeddedServersModelBytesAreItsGgufTensorsButOneEmbeddingRowAndItsDramIsProbed(@TempDir Path dir)
      throws IOException {
    Path models = dir.resolve("models");
    List<String> phases = new ArrayList<>();
    try (Endpoints endpoints = new Endpoints(config(Map.of(
        "llmh.embedded.model", "tiny", "llmh.embedded.modelsDir", models.toString(), "llmh.resultsDir", dir.toString(),
        "llmh.clientWarmup", "0")), phases::add)) {
      Endpoint endpoint = endpoints.get(Endpoints.EMBEDDED);

      PhysicsInputs inputs = endpoints.physicsInputs(endpoint, "llmh-tiny");

      Path gguf;
      try (Stream<Path> files = Files.list(models)) {
        gguf = files.filter(f -> f.getFileName().toString().endsWith(".gguf")).findFirst().orElseThrow();
      }
      System.out.printf("embedded tiny: %s is %d bytes; physics inputs %s%n", gguf.getFileName(), Files.size(gguf), inputs);
      // Not the whole file: token_embd.weight (vocab × 64 F32 values) counts as one row, since a step
      // looks up one token; the rest of the file is the other tensors and the header.
      long[] embedding = dev.llmh.client.GgufHeader.tensors(gguf).stream()
          .filter(t -> t.name().equals("token_embd.weight")).findFirst().orElseThrow().shape();
      long matrix = embedding[0] * embedding[1] * 4;
      long others = Files.size(gguf) - matrix;
      assertThat(embedding[0]).isEqualTo(64);
      assertThat(inputs.modelBytes() - embedding[0] * 4).isBetween(others - (1L << 20), others);
      assertThat(inputs.modelBytesRule()).contains("less token_embd.weight's " + matrix + " bytes but one row of it (256 bytes)");
      assertThat(inputs.bandwidthMemory()).isEqualTo("dram");
      assertThat(inputs.modelBytesSource()).isEqualTo("gguf");
      assertThat(inputs.bandwidthSource()).isEqualTo("probe");
      assertThat(inputs.memoryBandwidth()).isBetween(0.5e9, 2e12);
      assertThat(phases).anyMatch(line -> line.startsWith("memory bandwidth of this machine: "));
      // The name as the plan gives it finds the same model.
      assertThat(endpoints.physicsInputs(endpoint, "tiny")).isEqualTo(inputs);
      // A case's declared figures come first: config beats discovery (a mixture-of-experts model
      // reads only its active weights).
      assertThat(endpoints.physicsInputs(endpoint, "tiny", new DeploymentFacts(null, null, 20e9, 1_000_000L, null, null)))
          .isEqualTo(PhysicsInputs.of(1_000_000L, "declared", 20e9, "declared"));
    }
  }

  @Test
  void declaredFiguresComeFirstAndGiveTheIssuesExample() {
    try (Endpoints endpoints = new Endpoints(
        config(Map.of("llmh.model.bytes", "4.7GB", "llmh.hardware.memoryBandwidth", "0.9TB/s", "llmh.clientWarmup", "0")),
        line -> {})) {
      PhysicsInputs inputs = endpoints.physicsInputs(endpoints.get(Endpoints.SIMULATED), null);

      assertThat(inputs).isEqualTo(PhysicsInputs.of(4_700_000_000L, "declared", 0.9e12, "declared"));
      assertThat(BandwidthCheck.check(inputs, 620.0).implausible())
          .isEqualTo("implausible: 620 tok/s × 4.7 GB = 2.9 TB/s exceeds 0.9 TB/s memory bandwidth");
    }
  }

  @Test
  void theSimulatorHasNoWeightsAndIsNotProbed() {
    List<String> phases = new ArrayList<>();
    try (Endpoints endpoints = new Endpoints(config(Map.of("llmh.clientWarmup", "0")), phases::add)) {
      PhysicsInputs inputs = endpoints.physicsInputs(endpoints.get(Endpoints.SIMULATED), "any");

      assertThat(inputs.modelBytes()).isNull();
      assertThat(inputs.memoryBandwidth()).isNull();
      assertThat(inputs.notMeasured())
          .isEqualTo("simulated server: it reads no model weights; simulated server: its decode reads no memory to bound it");
      assertThat(phases).noneMatch(line -> line.startsWith("memory bandwidth"));
    }
  }

  @Test
  void aServerBehindALoopbackUrlIsProbedOnceWhenOpenedAndItsUnreportedSizeNamesTheKey() {
    List<String> phases = new ArrayList<>();
    try (SimulatedServer server = SimulatedServer.start(SimulatorSettings.defaults());
        Endpoints endpoints = new Endpoints(config(Map.of("llmh.clientWarmup", "0")), phases::add)) {
      Endpoint chat = endpoints.get(server.baseUrl());
      Endpoint ollama = endpoints.get(server.rootUrl(), Api.OLLAMA_CHAT);

      PhysicsInputs inputs = endpoints.physicsInputs(chat, "any");

      assertThat(inputs.bandwidthSource()).isEqualTo("probe");
      assertThat(endpoints.physicsInputs(ollama, "any").memoryBandwidth()).isEqualTo(inputs.memoryBandwidth());
      assertThat(phases.stream().filter(line -> line.startsWith("memory bandwidth of this machine: "))).hasSize(1);
      assertThat(inputs.modelBytes()).isNull();
      assertThat(inputs.modelBytesUnknown()).endsWith(": declare llmh.model.bytes");
    }
  }

  @Test
  void aRemoteServerNeedsBothFiguresDeclared() {
    try (Endpoints endpoints = new Endpoints(config(Map.of()), line -> {})) {
      Endpoint remote = new Endpoint(new Silent("http://gpu-box.example:8000/v1"), new EndpointInfo(List.of("m"), null, null),
          EndpointKind.REMOTE);

      PhysicsInputs inputs = endpoints.physicsInputs(remote, "m");

      assertThat(inputs.modelBytesUnknown()).isEqualTo("the server does not report the size of its model: declare llmh.model.bytes");
      assertThat(inputs.bandwidthUnknown()).isEqualTo("remote endpoint: declare llmh.hardware.memoryBandwidth");
    }
  }

  @Test
  void aServerIsOnThisMachineByLoopbackUrlOrByANamedProcess() {
    try (Endpoints plain = new Endpoints(config(Map.of()), line -> {});
        Endpoints named = new Endpoints(config(Map.of("llmh.server.process", "ollama")), line -> {})) {
      assertThat(plain.onThisMachine(EndpointKind.EMBEDDED, "http://127.0.0.1:1/v1")).isTrue();
      assertThat(plain.onThisMachine(EndpointKind.REMOTE, "http://localhost:11434")).isTrue();
      assertThat(plain.onThisMachine(EndpointKind.REMOTE, "http://127.0.0.1:8000/v1")).isTrue();
      assertThat(plain.onThisMachine(EndpointKind.REMOTE, "http://[::1]:8000/v1")).isTrue();
      assertThat(plain.onThisMachine(EndpointKind.REMOTE, "http://gpu-box.example:8000/v1")).isFalse();
      assertThat(plain.onThisMachine(EndpointKind.REMOTE, "http://10.0.0.7:8000/v1")).isFalse();
      assertThat(named.onThisMachine(EndpointKind.REMOTE, "http://gpu-box.example:8000/v1")).isTrue();
    }
  }

  /** A stand-in nvidia-smi in {@code dir}: one GPU named {@code gpu}, on which pid {@code holder} computes. */
  private static void nvidiaSmi(Path dir, String gpu, long holder) throws IOException {
    Path script = dir.resolve("nvidia-smi");
    Files.writeString(script, String.join("\n", "#!/bin/bash", "case \"$1\" in",
        "--query-gpu=index,uuid,name) echo '0, GPU-aaa, " + gpu + "';;",
        "--query-compute-apps=gpu_uuid,pid,used_memory) echo 'GPU-aaa, " + holder + ", 4500';;",
        "*) exit 1;;", "esac", ""));
    Files.setPosixFilePermissions(script, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  private static PhysicsInputs localInputs(Path smiDir, Map<String, String> settings) {
    PhysicsLookup lookup = new PhysicsLookup(config(settings), line -> {}, smiDir.toString());
    Endpoint local = new Endpoint(new Silent("http://127.0.0.1:8000/v1"), new EndpointInfo(List.of("m"), null, null),
        EndpointKind.REMOTE);
    lookup.probe(local.kind(), local.url());
    return lookup.inputs(local, "m", new DeploymentFacts(null, null, null, 4_400_000_000L, null, null));
  }

  @Test
  void aLocalServerOnAGpuIsCheckedAgainstItsVramAndOneOnTheCpuAgainstThisMachinesDram(@TempDir Path dir) throws IOException {
    long self = ProcessHandle.current().pid();
    Map<String, String> named = Map.of("llmh.server.pid", String.valueOf(self));
    nvidiaSmi(dir, "NVIDIA A100-SXM4-80GB", self);
    PhysicsInputs gpu = localInputs(dir, named);
    // the issue's honest GPU server: 130 tok/s × 4.4 GB = 572 GB/s, 28 % of the A100's 2,039 GB/s
    assertThat(gpu.bandwidthMemory()).isEqualTo("vram");
    assertThat(gpu.memoryBandwidth()).isEqualTo(2039e9);
    assertThat(gpu.bandwidthSource()).isEqualTo("gpu-table: A100 80GB SXM (GPU 0)");
    var plausible = BandwidthCheck.check(gpu, 130.0);
    assertThat(plausible.implausible()).isNull();
    assertThat(plausible.bandwidthUsePercent()).isCloseTo(28.05, org.assertj.core.api.Assertions.within(0.01));
    assertThat(plausible.bandwidthMemory()).isEqualTo("vram");

    nvidiaSmi(dir, "NVIDIA A100-SXM4-80GB", 4242); // another process holds the GPU: the server is on the CPU
    PhysicsInputs cpu = localInputs(dir, named);
    System.out.printf("server on the CPU beside a GPU: %s%n", cpu);
    assertThat(cpu.bandwidthMemory()).isEqualTo("dram");
    assertThat(cpu.bandwidthSource()).isEqualTo("probe");
    assertThat(cpu.memoryBandwidth()).isLessThan(2039e9);

    nvidiaSmi(dir, "Stand-in Accelerator X", self);
    assertThat(localInputs(dir, named).bandwidthUnknown())
        .isEqualTo("GPU 0 (Stand-in Accelerator X) holds the server's weights and is not in LLMH's GPU bandwidth table:"
            + " declare llmh.hardware.memoryBandwidth");
    assertThat(localInputs(dir, Map.of()).bandwidthUnknown())
        .startsWith("this machine has NVIDIA GPUs and the server's processes are not named");
  }

  private static Config config(Map<String, String> values) {
    Map<String, String> all = new HashMap<>(values);
    return Config.read(key -> Optional.ofNullable(all.get(key)), Map.of());
  }

  /** A client of a server that says nothing of its model's size and is never sent a request. */
  private record Silent(String baseUrl) implements ProtocolClient {
    @Override
    public Api api() {
      return Api.OPENAI_CHAT;
    }

    @Override
    public EndpointInfo probe() {
      return new EndpointInfo(List.of("m"), null, null);
    }

    @Override
    public void warmUp() {}

    @Override
    public RequestSample send(ChatRequest chat) {
      throw new UnsupportedOperationException("no request in this test");
    }

    @Override
    public void close() {}
  }
}
