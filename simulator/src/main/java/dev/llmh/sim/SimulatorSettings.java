package dev.llmh.sim;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * How the simulated server behaves. Start from {@link #defaults()} and change what matters with the
 * {@code with...} methods; every instance is immutable and validated. The settings come in groups:
 * {@link ServerCapacity}, {@link ModelTiming}, {@link OutputShape} and {@link ServerQuirks}.
 *
 * @param modelId        the model id the server reports (in /v1/models and every response)
 * @param capacity       slots, context and prefix cache
 * @param timing         prefill and decode rates and the delays around them
 * @param output         the answers' length and chunking, and their reasoning part
 * @param quirks         how answers are shaped on the wire (role chunk, usage, chat template, framing)
 * @param requiredApiKey when non-null, requests without {@code Authorization: Bearer <key>} get 401
 * @param hook           fault-injection hook point ({@link SimulatorHook#NONE} by default)
 * @param otherModels    models served besides {@link #modelId()}, each with its own timing, for
 *                       models compared side by side; with any, a request naming a model the
 *                       server does not have gets 404, and the server holds one model at a time
 *                       (as Ollama does when memory allows one): a request for another model
 *                       first waits for that model's load
 */
public record SimulatorSettings(
    String modelId,
    ServerCapacity capacity,
    ModelTiming timing,
    OutputShape output,
    ServerQuirks quirks,
    String requiredApiKey,
    SimulatorHook hook,
    List<Model> otherModels) {

  /**
   * One more model the server serves under {@code id}, with its own timing: what distinguishes two
   * quantisations or sizes of a model to a benchmark.
   *
   * @param load the time to load it when another model is in memory (Ollama's {@code load_duration})
   */
  public record Model(
      String id, double prefillTokensPerSecond, double decodeTokensPerSecond, Duration firstTokenDelay, Duration load) {
    public Model {
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(firstTokenDelay, "firstTokenDelay");
      Objects.requireNonNull(load, "load");
      if (id.isBlank() || !(prefillTokensPerSecond > 0) || !(decodeTokensPerSecond > 0)
          || firstTokenDelay.isNegative() || load.isNegative()) {
        throw new IllegalArgumentException("model " + id + ": rates must be > 0, delays not negative");
      }
    }
  }

  /** {@link OutputShape#naturalLength()} meaning "no natural stop": max_tokens decides. */
  public static final int UNLIMITED = Integer.MAX_VALUE;

  public SimulatorSettings {
    Objects.requireNonNull(modelId, "modelId");
    Objects.requireNonNull(capacity, "capacity");
    Objects.requireNonNull(timing, "timing");
    Objects.requireNonNull(output, "output");
    Objects.requireNonNull(quirks, "quirks");
    Objects.requireNonNull(hook, "hook");
    if (modelId.isBlank()) {
      throw new IllegalArgumentException("modelId must not be blank");
    }
    otherModels = otherModels == null ? List.of() : List.copyOf(otherModels);
    if (otherModels.stream().map(Model::id).distinct().count() < otherModels.size()
        || otherModels.stream().anyMatch(m -> m.id().equals(modelId))) {
      throw new IllegalArgumentException("model ids must differ from each other and from modelId " + modelId);
    }
  }

  static void requireAtLeast(String name, int value, int least) {
    if (value < least) {
      throw new IllegalArgumentException(name + " must be >= " + least + ", was " + value);
    }
  }

  static void requireNotNegative(String name, Duration value) {
    if (value.isNegative()) {
      throw new IllegalArgumentException(name + " must not be negative, was " + value);
    }
  }

  /**
   * Model "llmh-sim", 4 slots, prefill 2000 tok/s, no fixed first-token delay, decode 50 tok/s,
   * 1 token per chunk, no natural stop, 256 tokens when max_tokens is absent, role chunk first,
   * no API key, no hook. These are the tests' defaults; {@code -Dllmh.endpoint=simulated} starts the
   * simulator with {@code Defaults.SIMULATED_*} instead (2 slots, prefill 1500, decode 60 tok/s).
   */
  public static SimulatorSettings defaults() {
    return new SimulatorSettings("llmh-sim",
        new ServerCapacity(4, UNLIMITED, false, UNLIMITED),
        new ModelTiming(2000.0, Duration.ZERO, 50.0, Duration.ZERO, Duration.ZERO),
        new OutputShape(1, UNLIMITED, 256, 0),
        new ServerQuirks(true, false, true, 0, StreamFraming.CHUNKED, false, false, false),
        null, SimulatorHook.NONE, List.of());
  }

  public SimulatorSettings withModelId(String v) {
    return edit(e -> e.modelId = v);
  }

  public SimulatorSettings withSlots(int v) {
    return edit(e -> e.slots = v);
  }

  public SimulatorSettings withPrefillTokensPerSecond(double v) {
    return edit(e -> e.prefillTokensPerSecond = v);
  }

  /** No prefill delay at all. */
  public SimulatorSettings withInstantPrefill() {
    return withPrefillTokensPerSecond(Double.POSITIVE_INFINITY);
  }

  public SimulatorSettings withFirstTokenDelay(Duration v) {
    return edit(e -> e.firstTokenDelay = v);
  }

  public SimulatorSettings withDecodeTokensPerSecond(double v) {
    return edit(e -> e.decodeTokensPerSecond = v);
  }

  public SimulatorSettings withTokensPerChunk(int v) {
    return edit(e -> e.tokensPerChunk = v);
  }

  public SimulatorSettings withNaturalLength(int v) {
    return edit(e -> e.naturalLength = v);
  }

  public SimulatorSettings withDefaultMaxTokens(int v) {
    return edit(e -> e.defaultMaxTokens = v);
  }

  public SimulatorSettings withRoleChunkFirst(boolean v) {
    return edit(e -> e.roleChunkFirst = v);
  }

  public SimulatorSettings withRequiredApiKey(String v) {
    return edit(e -> e.requiredApiKey = v);
  }

  public SimulatorSettings withHook(SimulatorHook v) {
    return edit(e -> e.hook = v);
  }

  public SimulatorSettings withReasoningTokens(int v) {
    return edit(e -> e.reasoningTokens = v);
  }

  public SimulatorSettings withUsagePerChunk(boolean v) {
    return edit(e -> e.usagePerChunk = v);
  }

  public SimulatorSettings withSendsUsage(boolean v) {
    return edit(e -> e.sendsUsage = v);
  }

  /** Whether the OpenAI endpoints send llama.cpp's {@code timings} ({@link ServerQuirks#llamaTimings()}). */
  public SimulatorSettings withLlamaTimings(boolean v) {
    return edit(e -> e.llamaTimings = v);
  }

  /** Whether the OpenAI usage says how many prompt tokens came from the cache ({@link ServerQuirks#cachedTokensInUsage()}). */
  public SimulatorSettings withCachedTokensInUsage(boolean v) {
    return edit(e -> e.cachedTokensInUsage = v);
  }

  /** Whether {@code GET /metrics} gives the engine's figures ({@link ServerQuirks#metrics()}). */
  public SimulatorSettings withMetrics(boolean v) {
    return edit(e -> e.metrics = v);
  }

  public SimulatorSettings withFirstRequestLoad(Duration v) {
    return edit(e -> e.firstRequestLoad = v);
  }

  public SimulatorSettings withChatTemplateTokens(int v) {
    return edit(e -> e.chatTemplateTokens = v);
  }

  public SimulatorSettings withContextTokens(int v) {
    return edit(e -> e.contextTokens = v);
  }

  public SimulatorSettings withDecodeSlowdownPerContextToken(Duration v) {
    return edit(e -> e.decodeSlowdownPerContextToken = v);
  }

  /** The KV cache's size in tokens ({@link ServerCapacity#kvCacheTokens()}). */
  public SimulatorSettings withKvCacheTokens(int v) {
    return edit(e -> e.kvCacheTokens = v);
  }

  public SimulatorSettings withPrefixCache(boolean v) {
    return edit(e -> e.prefixCache = v);
  }

  public SimulatorSettings withFraming(StreamFraming v) {
    return edit(e -> e.framing = v);
  }

  /** One more model served, with its own timing (see {@link #otherModels()}). */
  public SimulatorSettings withModel(Model model) {
    return edit(e -> {
      e.otherModels = new java.util.ArrayList<>(e.otherModels);
      e.otherModels.add(model);
    });
  }

  /** Every model id served, {@link #modelId()} first. */
  public List<String> modelIds() {
    return java.util.stream.Stream.concat(java.util.stream.Stream.of(modelId), otherModels.stream().map(Model::id)).toList();
  }

  /**
   * The settings a request for {@code model} is served with: these, or for one of {@link
   * #otherModels()} these with its id and timing (its load as {@link ModelTiming#firstRequestLoad()}).
   */
  SimulatorSettings serving(Model model) {
    return edit(e -> {
      e.modelId = model.id();
      e.prefillTokensPerSecond = model.prefillTokensPerSecond();
      e.decodeTokensPerSecond = model.decodeTokensPerSecond();
      e.firstTokenDelay = model.firstTokenDelay();
      e.firstRequestLoad = model.load();
      e.otherModels = List.of();
    });
  }

  /** A copy with {@code change} applied, validated like any instance. */
  private SimulatorSettings edit(Consumer<SettingsEditor> change) {
    SettingsEditor editor = new SettingsEditor(this);
    change.accept(editor);
    return editor.settings();
  }

  /** Nanoseconds between consecutive content chunks of a request without context (see {@link #chunkGapNanos(int)}). */
  public long chunkGapNanos() {
    return rateNanos(output.tokensPerChunk(), timing.decodeTokensPerSecond());
  }

  /** Nanoseconds between consecutive content chunks of a request with {@code contextTokens} prompt tokens. */
  public long chunkGapNanos(int contextTokens) {
    return chunkGapNanos() + output.tokensPerChunk() * contextTokens * timing.decodeSlowdownPerContextToken().toNanos();
  }

  /** Nanoseconds of prefill for a prompt of {@code promptTokens} tokens. */
  public long prefillNanos(int promptTokens) {
    return rateNanos(promptTokens, timing.prefillTokensPerSecond());
  }

  private static long rateNanos(long tokens, double perSecond) {
    if (Double.isInfinite(perSecond) || tokens == 0) {
      return 0L;
    }
    return Math.round(tokens * 1e9 / perSecond);
  }

  /** Never prints the API key. */
  @Override
  public String toString() {
    return "SimulatorSettings[modelId=" + modelId + ", slots=" + capacity.slots()
        + ", prefillTokensPerSecond=" + timing.prefillTokensPerSecond() + ", firstTokenDelay=" + timing.firstTokenDelay()
        + ", decodeTokensPerSecond=" + timing.decodeTokensPerSecond() + ", tokensPerChunk=" + output.tokensPerChunk()
        + ", naturalLength=" + (output.naturalLength() == UNLIMITED ? "unlimited" : output.naturalLength())
        + ", defaultMaxTokens=" + output.defaultMaxTokens() + ", roleChunkFirst=" + quirks.roleChunkFirst()
        + ", requiredApiKey=" + (requiredApiKey == null ? "none" : "***")
        + ", hook=" + (hook == SimulatorHook.NONE ? "none" : hook.getClass().getName())
        + ", reasoningTokens=" + output.reasoningTokens() + ", usagePerChunk=" + quirks.usagePerChunk()
        + ", sendsUsage=" + quirks.sendsUsage() + ", llamaTimings=" + quirks.llamaTimings()
        + ", cachedTokensInUsage=" + quirks.cachedTokensInUsage() + ", metrics=" + quirks.metrics()
        + ", firstRequestLoad=" + timing.firstRequestLoad() + ", chatTemplateTokens=" + quirks.chatTemplateTokens()
        + ", contextTokens=" + (capacity.contextTokens() == UNLIMITED ? "unlimited" : capacity.contextTokens())
        + ", decodeSlowdownPerContextToken=" + timing.decodeSlowdownPerContextToken()
        + ", prefixCache=" + capacity.prefixCache()
        + (otherModels.isEmpty() ? "" : ", otherModels=" + otherModels) + ", framing=" + quirks.framing() + "]";
  }
}
