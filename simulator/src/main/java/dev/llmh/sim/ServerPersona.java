package dev.llmh.sim;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmh.front.Replies;
import dev.llmh.front.RequestBody;
import dev.llmh.front.Route;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What kind of server the simulator says it is, and the routes on which it describes itself as that
 * server does, so that a test sees each server's shape: itself ({@link #SIMULATOR}, {@code owned_by
 * llmh-sim}, no version route), Ollama ({@code GET /api/version}, {@code /api/tags} with digests and
 * details, {@code POST /api/show} with {@code model_info}, {@code GET /api/ps} with where the model sits), llama.cpp ({@code GET /props}, listing
 * {@code meta}) or vLLM ({@code GET /version}, listing {@code root} and {@code max_model_len}). Every
 * model it serves is described with the same figures. A route can be left out (404) or made to hang,
 * to test what a harness learns from a server that does not tell.
 *
 * @param kind which server it imitates
 * @param version what its version route says (Ollama's version, llama.cpp's {@code build_info}, vLLM's version)
 * @param model what it says about the model it serves
 * @param missing paths left out: they answer 404
 * @param hanging paths that answer only after {@link #HANG}, or never when the server closes first
 */
public record ServerPersona(Kind kind, String version, ModelFacts model, Set<String> missing, Set<String> hanging) {

  /**
   * What a persona says about the model it serves (every model it serves, with the same figures).
   *
   * @param digest the model's digest in Ollama's listing: the hex of its sha256, as Ollama writes it
   * @param quantization Ollama's {@code quantization_level}
   * @param parameterSize Ollama's {@code parameter_size}
   * @param family Ollama's {@code family} and {@code general.architecture}
   * @param contextLength the model's context: Ollama's {@code <architecture>.context_length}, llama.cpp's
   *     {@code n_ctx}, vLLM's {@code max_model_len}
   * @param modelPath llama.cpp's {@code model_path}, vLLM's {@code root}
   * @param parameters llama.cpp's {@code meta.n_params}, Ollama's {@code general.parameter_count}
   * @param modelBytes Ollama's {@code size}, llama.cpp's {@code meta.size}
   * @param vramBytes how much of it Ollama's {@code /api/ps} says is in GPU memory ({@code size_vram})
   */
  public record ModelFacts(
      String digest, String quantization, String parameterSize, String family, int contextLength, String modelPath,
      long parameters, long modelBytes, long vramBytes) {

    /** Nothing said: the simulator as itself. */
    static final ModelFacts NONE = new ModelFacts(null, null, null, null, 0, null, 0, 0, 0);
  }

  /** How long a hanging route keeps its answer: longer than any harness should wait. */
  public static final java.time.Duration HANG = java.time.Duration.ofSeconds(60);

  /** The servers the simulator can imitate, and what their model listings say owns a model. */
  public enum Kind {
    SIMULATOR("llmh-sim"), OLLAMA("library"), LLAMA_CPP("llamacpp"), VLLM("vllm");

    final String ownedBy;

    Kind(String ownedBy) {
      this.ownedBy = ownedBy;
    }
  }

  /** The simulator as itself. */
  public static final ServerPersona SIMULATOR =
      new ServerPersona(Kind.SIMULATOR, null, ModelFacts.NONE, Set.of(), Set.of());

  public ServerPersona {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(model, "model");
    missing = Set.copyOf(missing);
    hanging = Set.copyOf(hanging);
  }

  public static ServerPersona ollama() {
    return new ServerPersona(Kind.OLLAMA, "0.6.2",
        new ModelFacts("845dbda0ea48ed749caafd9e6037047aa19acfcfd82e704d7ca97d631a0b697e", "Q4_K_M", "7.6B", "qwen2", 32_768,
            null, 7_615_616_512L, 4_683_087_332L, 4_683_087_332L),
        Set.of(), Set.of());
  }

  public static ServerPersona llamaCpp() {
    return new ServerPersona(Kind.LLAMA_CPP, "b5890-982e3472", new ModelFacts(null, null, null, null, 4_096,
        "/models/qwen2.5-7b-instruct-q4_k_m.gguf", 7_615_616_512L, 4_677_120_000L, 0), Set.of(), Set.of());
  }

  public static ServerPersona vllm() {
    return new ServerPersona(Kind.VLLM, "0.8.4",
        new ModelFacts(null, null, null, null, 32_768, "/models/Qwen2.5-7B-Instruct", 0, 0, 0), Set.of(), Set.of());
  }

  /** The same, with {@code bytes} of the model in GPU memory as {@code /api/ps} says: the rest on the CPU. */
  public ServerPersona withVramBytes(long bytes) {
    ModelFacts m = model;
    return new ServerPersona(kind, version, new ModelFacts(m.digest(), m.quantization(), m.parameterSize(), m.family(),
        m.contextLength(), m.modelPath(), m.parameters(), m.modelBytes(), bytes), missing, hanging);
  }

  /** The same, without {@code path}: it answers 404. */
  public ServerPersona without(String path) {
    Set<String> paths = new HashSet<>(missing);
    paths.add(path);
    return new ServerPersona(kind, version, model, paths, hanging);
  }

  /** The same, with {@code path} answering only after {@link #HANG}. */
  public ServerPersona hangingOn(String path) {
    Set<String> paths = new HashSet<>(hanging);
    paths.add(path);
    return new ServerPersona(kind, version, model, missing, paths);
  }

  /** What the listing's {@code owned_by} says. */
  public String ownedBy() {
    return kind.ownedBy;
  }

  /** The paths this persona answers itself (the simulator's own answers of those paths give way). */
  Set<String> paths() {
    Set<String> paths = new HashSet<>(missing);
    routes(SimulatorSettings.defaults(), new ObjectMapper()).forEach(r -> paths.add(r.path()));
    return paths;
  }

  /** The persona's routes, each hanging when asked; none of a path left out. */
  List<Route> routes(SimulatorSettings settings, ObjectMapper mapper) {
    List<Route> routes = new ArrayList<>();
    switch (kind) {
      case OLLAMA -> {
        routes.add(Route.get("/api/version", (ex, at) -> Replies.json(ex, 200, mapper.createObjectNode().put("version", version))));
        routes.add(Route.get("/api/tags", (ex, at) -> Replies.json(ex, 200, ollamaTags(settings, mapper, false))));
        routes.add(Route.get("/api/ps", (ex, at) -> Replies.json(ex, 200, ollamaTags(settings, mapper, true))));
        routes.add(Route.post("/api/show", (ex, at) -> {
          RequestBody.object(ex.getRequestBody().readAllBytes());
          Replies.json(ex, 200, ollamaShow(settings, mapper));
        }));
      }
      case LLAMA_CPP -> routes.add(Route.get("/props", (ex, at) -> {
        ObjectNode props = mapper.createObjectNode();
        props.putObject("default_generation_settings").put("id", 0).put("n_ctx", model.contextLength());
        props.put("total_slots", settings.capacity().slots()).put("model_path", model.modelPath()).put("chat_template", "{{ messages }}")
            .put("build_info", version);
        Replies.json(ex, 200, props);
      }));
      case VLLM -> routes.add(Route.get("/version", (ex, at) -> Replies.json(ex, 200, mapper.createObjectNode().put("version", version))));
      case SIMULATOR -> { }
    }
    return routes.stream().filter(r -> !missing.contains(r.path()))
        .map(r -> hanging.contains(r.path()) ? new Route(r.method(), r.path(), ServerPersona::hang) : r).toList();
  }

  private static void hang(com.sun.net.httpserver.HttpExchange ex, long arrival) throws IOException {
    try {
      Thread.sleep(HANG.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("the server closed while the route hung", e);
    }
    Replies.json(ex, 200, new ObjectMapper().createObjectNode());
  }

  /** What the persona adds to a model's entry in {@code /v1/models}. */
  void describeListing(ObjectNode entry) {
    entry.put("owned_by", kind.ownedBy);
    if (kind == Kind.LLAMA_CPP) {
      entry.putObject("meta").put("vocab_type", 2).put("n_vocab", 152_064).put("n_ctx_train", 32_768)
          .put("n_embd", 3_584).put("n_params", model.parameters()).put("size", model.modelBytes());
    } else if (kind == Kind.VLLM) {
      entry.put("root", model.modelPath()).putNull("parent");
      entry.put("max_model_len", model.contextLength());
    }
  }

  /** Ollama's listing of the models it has ({@code /api/tags}), or has loaded ({@code /api/ps}: every model, with {@code size_vram}). */
  private ObjectNode ollamaTags(SimulatorSettings settings, ObjectMapper mapper, boolean loaded) {
    ObjectNode root = mapper.createObjectNode();
    ArrayNode models = root.putArray("models");
    for (String id : settings.modelIds()) {
      ObjectNode entry = models.addObject().put("name", id).put("model", id).put("size", model.modelBytes())
          .put("digest", model.digest());
      details(entry.putObject("details"));
      if (loaded) {
        entry.put("expires_at", "2099-01-01T00:00:00Z").put("size_vram", model.vramBytes());
      } else {
        entry.put("modified_at", "2025-05-01T10:00:00Z");
      }
    }
    return root;
  }

  private ObjectNode ollamaShow(SimulatorSettings settings, ObjectMapper mapper) {
    int context = settings.capacity().contextTokens();
    boolean limited = context != SimulatorSettings.UNLIMITED;
    ObjectNode root = mapper.createObjectNode();
    root.put("modelfile", "FROM simulated").put("template", "{{ .Prompt }}")
        .put("parameters", limited ? "num_ctx                        " + context + "\nstop \"<|end|>\"" : "stop \"<|end|>\"");
    details(root.putObject("details"));
    String family = model.family();
    root.putObject("model_info").put("general.architecture", family).put("general.parameter_count", model.parameters())
        .put(family + ".context_length", model.contextLength()).put(family + ".embedding_length", 3_584);
    root.putArray("capabilities").add("completion");
    return root;
  }

  private void details(ObjectNode details) {
    details.put("parent_model", "").put("format", "gguf").put("family", model.family());
    details.putArray("families").add(model.family());
    details.put("parameter_size", model.parameterSize()).put("quantization_level", model.quantization());
  }
}
