package dev.llmh.endpoint;

import dev.llmh.client.DecodeBytes;
import dev.llmh.client.GgufHeader;
import dev.llmh.client.ModelBytes;
import dev.llmh.client.OpenAiChatClient;
import dev.llmh.config.Config;
import dev.llmh.config.ConfigKey;
import dev.llmh.config.DeploymentFacts;
import dev.llmh.resources.MemoryBandwidthProbe;
import dev.llmh.resources.PhysicsInputs;
import dev.llmh.resources.ServingMemory;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The inputs of the physics check per endpoint and model: the bytes a decode step reads (declared,
 * else counted per tensor from the GGUF header or Ollama's {@code /api/show}, else the size the
 * server gives) and the bandwidth of the memory the weights sit in (declared, else a GPU's VRAM from
 * its model for a server on a GPU, else this machine's DRAM as probed). The DRAM probe runs once
 * per run, when the first endpoint on this machine is opened.
 */
final class PhysicsLookup {
  private final Config config;
  private final Consumer<String> phases;
  /** A PATH value: where nvidia-smi is looked for. */
  private final String path;
  /** The probe's figure by endpoint URL; a null value: the probe failed ({@link #probeFailure}). */
  private final Map<String, MemoryBandwidthProbe.Result> bandwidth = new HashMap<>();
  /** Model sizes servers reported (or said they do not), by endpoint URL and model. */
  private final Map<String, ModelBytes> sizes = new HashMap<>();
  private MemoryBandwidthProbe.Result probed;
  private String probeFailure;

  PhysicsLookup(Config config, Consumer<String> phases, String path) {
    this.config = config;
    this.phases = phases;
    this.path = path;
  }

  /** See {@link Endpoints#physicsInputs(Endpoint, String, DeploymentFacts)}. */
  PhysicsInputs inputs(Endpoint endpoint, String servedModel, DeploymentFacts declared) {
    ModelBytes bytes = declared.modelBytes() != null ? ModelBytes.of(declared.modelBytes(), PhysicsInputs.DECLARED)
        : discoveredBytes(endpoint, servedModel);
    ServingMemory memory;
    if (declared.memoryBandwidth() != null) {
      memory = new ServingMemory(null, declared.memoryBandwidth(), PhysicsInputs.DECLARED, null);
    } else if (!bandwidth.containsKey(endpoint.url())) {
      memory = new ServingMemory(null, null, null, unprobed(endpoint));
    } else {
      MemoryBandwidthProbe.Result probe = bandwidth.get(endpoint.url());
      ServingMemory dram = ServingMemory.dram(probe == null ? null : probe.bytesPerSecond(), probeFailure);
      // The embedded server offloads no layer to a GPU: its weights are in DRAM whatever GPUs there are.
      memory = endpoint.kind() == EndpointKind.EMBEDDED ? dram : ServingMemory.local(path, serverProcesses(), dram);
    }
    return PhysicsInputs.of(bytes, memory);
  }

  private java.util.function.Supplier<java.util.Set<Long>> serverProcesses() {
    Config.ServerSampling sampling = config.servers().sampling();
    return ServingMemory.processes(sampling.pid().orElse(null), sampling.process().orElse(null));
  }

  private ModelBytes discoveredBytes(Endpoint endpoint, String servedModel) {
    String key = endpoint.url() + " " + servedModel;
    ModelBytes known = sizes.get(key);
    if (known != null) {
      return known;
    }
    ModelBytes found = switch (endpoint.kind()) {
      case SIMULATED -> ModelBytes.unknown("simulated server: it reads no model weights");
      case EMBEDDED -> embeddedBytes(endpoint, servedModel == null ? null : EmbeddedModels.servedId(servedModel).orElse(servedModel));
      case REMOTE -> {
        ModelBytes told = endpoint.client().modelBytes(servedModel);
        yield told.bytes() != null || !told.lasting() ? told
            : ModelBytes.unknown(told.unknown() + ": declare " + ConfigKey.MODEL_BYTES.key());
      }
    };
    if (found.lasting()) {
      sizes.put(key, found);
    }
    return found;
  }

  /** The embedded server's model counted per tensor from its GGUF file's header, in the models directory. */
  private ModelBytes embeddedBytes(Endpoint endpoint, String id) {
    ModelBytes listed = endpoint.client().modelBytes(id);
    if (listed.bytes() == null || !(endpoint.client() instanceof OpenAiChatClient client)) {
      return listed;
    }
    Optional<String> file = client.listedModelFile(id);
    if (file.isEmpty()) {
      return ModelBytes.unknown("the embedded server lists no model file for " + id + ", whose tensors give the bytes a step reads");
    }
    try {
      return DecodeBytes.of(GgufHeader.tensors(config.servers().embedded().modelsDir().resolve(file.get())),
          ModelBytes.GGUF);
    } catch (IOException e) {
      return ModelBytes.unknown("the embedded model's GGUF header could not be read (" + e.getMessage() + "): declare "
          + ConfigKey.MODEL_BYTES.key());
    }
  }

  /** Why an endpoint has no probed bandwidth when none is declared. */
  private static String unprobed(Endpoint endpoint) {
    return endpoint.kind() == EndpointKind.SIMULATED ? "simulated server: its decode reads no memory to bound it"
        : "remote endpoint: declare " + ConfigKey.MEMORY_BANDWIDTH.key();
  }

  /**
   * Measures this machine's memory bandwidth once per run (about 0.5 s and a 256 MiB buffer), when
   * the first endpoint on this machine is opened and no bandwidth is declared: before any warm-up,
   * so never while a case is measuring, and before the model a case asks for is known.
   */
  void probe(EndpointKind kind, String url) {
    if (config.servers().deployment().memoryBandwidth() != null || kind == EndpointKind.SIMULATED || !onThisMachine(kind, url)) {
      return;
    }
    if (probed == null && probeFailure == null) {
      try {
        probed = MemoryBandwidthProbe.measure();
        phases.accept("memory bandwidth of this machine: " + probed.describe() + " (the decode-rate physics check's ceiling)");
      } catch (RuntimeException e) {
        probeFailure = "memory bandwidth probe failed (" + e.getMessage() + "): declare " + ConfigKey.MEMORY_BANDWIDTH.key();
      }
    }
    bandwidth.put(url, probed);
  }

  /**
   * True when the server runs on this machine: the embedded server, a loopback URL, or a server
   * named by {@code llmh.server.pid} / {@code llmh.server.process}.
   */
  boolean onThisMachine(EndpointKind kind, String url) {
    if (kind == EndpointKind.EMBEDDED) {
      return true;
    }
    Config.ServerSampling sampling = config.servers().sampling();
    if (sampling.pid().isPresent() || sampling.process().isPresent()) {
      return true;
    }
    String host;
    try {
      host = java.net.URI.create(url).getHost();
    } catch (IllegalArgumentException e) {
      return false;
    }
    host = host == null ? "" : host.toLowerCase(java.util.Locale.ROOT);
    return host.equals("localhost") || host.startsWith("127.") || host.equals("[::1]") || host.equals("::1");
  }
}
