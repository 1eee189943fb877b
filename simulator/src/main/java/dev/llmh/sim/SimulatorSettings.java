package dev.llmh.sim;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * How the simulated server behaves. Start from {@link #defaults()} and change what matters with the
 * {@code with...} methods; every instance is immutable and validated.
 *
 * @param modelId                the model id the server reports (in /v1/models and every response)
 * @param slots                  requests generated in parallel; further requests queue FIFO for a slot
 * @param prefillTokensPerSecond prompt processing rate; {@code Double.POSITIVE_INFINITY} = no prefill delay
 * @param firstTokenDelay        fixed delay added before the first content chunk
 * @param decodeTokensPerSecond  output rate per slot; the gap between content chunks is
 *                               {@code tokensPerChunk / decodeTokensPerSecond} (infinity = no gap)
 * @param tokensPerChunk         output tokens per content chunk (the last chunk may carry fewer)
 * @param naturalLength          tokens the model "wants" to produce before stopping by itself
 *                               ({@link #UNLIMITED} = until max_tokens)
 * @param defaultMaxTokens       the limit used when a request gives no max_tokens (like a server's n_predict)
 * @param roleChunkFirst         send a role-only chunk {@code {"role":"assistant","content":""}} as soon as
 *                               a streamed request is accepted, before queueing and prefill
 * @param requiredApiKey         when non-null, requests without {@code Authorization: Bearer <key>} get 401
 * @param hook                   fault-injection hook point ({@link SimulatorHook#NONE} by default)
 * @param reasoningTokens        the first this-many output tokens are reasoning, sent in the reasoning
 *                               channel ({@code delta.reasoning_content}; Ollama {@code thinking}), then
 *                               the answer; a response whose budget is at most this is reasoning only.
 *                               Chunks never mix the two. {@code /v1/completions} has no such channel
 *                               and sends everything as text.
 * @param usagePerChunk          every OpenAI text chunk carries cumulative {@code usage} (like vLLM's
 *                               {@code continuous_usage_stats}), so per-chunk token counts are known
 * @param sendsUsage             whether the OpenAI endpoints honour {@code stream_options.include_usage};
 *                               false imitates servers that never send usage (Ollama still sends eval_count)
 * @param firstRequestLoad       a cold model load before the first accepted request's prefill, reported
 *                               as Ollama's {@code load_duration} (later requests report 0)
 * @param chatTemplateTokens     tokens a chat template adds per message (role markers, separators) to a
 *                               {@code messages} request's count, as real servers count them; 0 by default
 * @param contextTokens          the server's context, like Ollama's {@code num_ctx}: a longer prompt is
 *                               truncated silently to this many tokens, and counted (and prefilled) as
 *                               truncated; an Ollama request's {@code options.num_ctx} sets it for that
 *                               request, and {@code /api/show} reports it. {@link #UNLIMITED} by default
 * @param decodeSlowdownPerContextToken how much longer each output token takes per token of context (the
 *                               request's prompt tokens), as attention reads a KV cache that grows with the
 *                               context: TPOT = 1 / decodeTokensPerSecond + this × prompt tokens.
 *                               Zero (the default) keeps decode independent of the context
 * @param prefixCache            a prompt that starts with the tokens of a prompt prefilled before prefills
 *                               only the rest (see {@link PrefixCache}), unless it sends
 *                               {@code cache_prompt: false}; off by default, so that a test sending the same
 *                               prompt twice sees the same prefill twice
 * @param otherModels            models served besides {@link #modelId()}, each with its own timing, for
 *                               models compared side by side; with any, a request naming a model the
 *                               server does not have gets 404, and the server holds one model at a time
 *                               (as Ollama does when memory allows one): a request for another model
 *                               first waits for that model's load
 * @param framing                how a streamed answer's body is delimited ({@link StreamFraming}); chunked
 *                               by default
 */
public record SimulatorSettings(
    String modelId,
    int slots,
    double prefillTokensPerSecond,
    Duration firstTokenDelay,
    double decodeTokensPerSecond,
    int tokensPerChunk,
    int naturalLength,
    int defaultMaxTokens,
    boolean roleChunkFirst,
    String requiredApiKey,
    SimulatorHook hook,
    int reasoningTokens,
    boolean usagePerChunk,
    boolean sendsUsage,
    Duration firstRequestLoad,
    int chatTemplateTokens,
    int contextTokens,
    Duration decodeSlowdownPerContextToken,
    boolean prefixCache,
    List<Model> otherModels,
    StreamFraming framing) {

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

  /** {@link #naturalLength()} meaning "no natural stop": max_tokens decides. */
  public static final int UNLIMITED = Integer.MAX_VALUE;

  public SimulatorSettings {
    Objects.requireNonNull(modelId, "modelId");
    Objects.requireNonNull(firstTokenDelay, "firstTokenDelay");
    Objects.requireNonNull(hook, "hook");
    if (modelId.isBlank()) {
      throw new IllegalArgumentException("modelId must not be blank");
    }
    requireAtLeast("slots", slots, 1);
    if (!(prefillTokensPerSecond > 0)) {
      throw new IllegalArgumentException("prefillTokensPerSecond must be > 0 (or infinity), was " + prefillTokensPerSecond);
    }
    if (!(decodeTokensPerSecond > 0)) {
      throw new IllegalArgumentException("decodeTokensPerSecond must be > 0 (or infinity), was " + decodeTokensPerSecond);
    }
    requireNotNegative("firstTokenDelay", firstTokenDelay);
    requireAtLeast("tokensPerChunk", tokensPerChunk, 1);
    requireAtLeast("naturalLength", naturalLength, 0);
    Objects.requireNonNull(firstRequestLoad, "firstRequestLoad");
    requireAtLeast("reasoningTokens", reasoningTokens, 0);
    requireNotNegative("firstRequestLoad", firstRequestLoad);
    Objects.requireNonNull(decodeSlowdownPerContextToken, "decodeSlowdownPerContextToken");
    requireNotNegative("decodeSlowdownPerContextToken", decodeSlowdownPerContextToken);
    requireAtLeast("defaultMaxTokens", defaultMaxTokens, 1);
    requireAtLeast("chatTemplateTokens", chatTemplateTokens, 0);
    requireAtLeast("contextTokens", contextTokens, 1);
    Objects.requireNonNull(framing, "framing");
    otherModels = otherModels == null ? List.of() : List.copyOf(otherModels);
    if (otherModels.stream().map(Model::id).distinct().count() < otherModels.size()
        || otherModels.stream().anyMatch(m -> m.id().equals(modelId))) {
      throw new IllegalArgumentException("model ids must differ from each other and from modelId " + modelId);
    }
  }

  private static void requireAtLeast(String name, int value, int least) {
    if (value < least) {
      throw new IllegalArgumentException(name + " must be >= " + least + ", was " + value);
    }
  }

  private static void requireNotNegative(String name, Duration value) {
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
    return new SimulatorSettings("llmh-sim", 4, 2000.0, Duration.ZERO, 50.0, 1, UNLIMITED, 256,
        true, null, SimulatorHook.NONE, 0, false, true, Duration.ZERO, 0, UNLIMITED, Duration.ZERO, false, List.of(),
        StreamFraming.CHUNKED);
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
   * #otherModels()} these with its id and timing (its load as {@link #firstRequestLoad()}).
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
  private SimulatorSettings edit(Consumer<Editor> change) {
    Editor editor = new Editor(this);
    change.accept(editor);
    return editor.settings();
  }

  /** Every component of a settings instance, open to change: the with-methods' working copy. */
  private static final class Editor {
    String modelId;
    int slots;
    double prefillTokensPerSecond;
    Duration firstTokenDelay;
    double decodeTokensPerSecond;
    int tokensPerChunk;
    int naturalLength;
    int defaultMaxTokens;
    boolean roleChunkFirst;
    String requiredApiKey;
    SimulatorHook hook;
    int reasoningTokens;
    boolean usagePerChunk;
    boolean sendsUsage;
    Duration firstRequestLoad;
    int chatTemplateTokens;
    int contextTokens;
    Duration decodeSlowdownPerContextToken;
    boolean prefixCache;
    List<Model> otherModels;
    StreamFraming framing;

    Editor(SimulatorSettings s) {
      modelId = s.modelId;
      slots = s.slots;
      prefillTokensPerSecond = s.prefillTokensPerSecond;
      firstTokenDelay = s.firstTokenDelay;
      decodeTokensPerSecond = s.decodeTokensPerSecond;
      tokensPerChunk = s.tokensPerChunk;
      naturalLength = s.naturalLength;
      defaultMaxTokens = s.defaultMaxTokens;
      roleChunkFirst = s.roleChunkFirst;
      requiredApiKey = s.requiredApiKey;
      hook = s.hook;
      reasoningTokens = s.reasoningTokens;
      usagePerChunk = s.usagePerChunk;
      sendsUsage = s.sendsUsage;
      firstRequestLoad = s.firstRequestLoad;
      chatTemplateTokens = s.chatTemplateTokens;
      contextTokens = s.contextTokens;
      decodeSlowdownPerContextToken = s.decodeSlowdownPerContextToken;
      prefixCache = s.prefixCache;
      otherModels = s.otherModels;
      framing = s.framing;
    }

    SimulatorSettings settings() {
      return new SimulatorSettings(modelId, slots, prefillTokensPerSecond, firstTokenDelay, decodeTokensPerSecond,
          tokensPerChunk, naturalLength, defaultMaxTokens, roleChunkFirst, requiredApiKey, hook, reasoningTokens,
          usagePerChunk, sendsUsage, firstRequestLoad, chatTemplateTokens, contextTokens, decodeSlowdownPerContextToken,
          prefixCache, otherModels, framing);
    }
  }

  /** Nanoseconds between consecutive content chunks of a request without context (see {@link #chunkGapNanos(int)}). */
  public long chunkGapNanos() {
    return rateNanos(tokensPerChunk, decodeTokensPerSecond);
  }

  /** Nanoseconds between consecutive content chunks of a request with {@code contextTokens} prompt tokens. */
  public long chunkGapNanos(int contextTokens) {
    return chunkGapNanos() + tokensPerChunk * contextTokens * decodeSlowdownPerContextToken.toNanos();
  }

  /** Nanoseconds of prefill for a prompt of {@code promptTokens} tokens. */
  public long prefillNanos(int promptTokens) {
    return rateNanos(promptTokens, prefillTokensPerSecond);
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
    return "SimulatorSettings[modelId=" + modelId + ", slots=" + slots
        + ", prefillTokensPerSecond=" + prefillTokensPerSecond + ", firstTokenDelay=" + firstTokenDelay
        + ", decodeTokensPerSecond=" + decodeTokensPerSecond + ", tokensPerChunk=" + tokensPerChunk
        + ", naturalLength=" + (naturalLength == UNLIMITED ? "unlimited" : naturalLength)
        + ", defaultMaxTokens=" + defaultMaxTokens + ", roleChunkFirst=" + roleChunkFirst
        + ", requiredApiKey=" + (requiredApiKey == null ? "none" : "***")
        + ", hook=" + (hook == SimulatorHook.NONE ? "none" : hook.getClass().getName())
        + ", reasoningTokens=" + reasoningTokens + ", usagePerChunk=" + usagePerChunk + ", sendsUsage=" + sendsUsage
        + ", firstRequestLoad=" + firstRequestLoad + ", chatTemplateTokens=" + chatTemplateTokens
        + ", contextTokens=" + (contextTokens == UNLIMITED ? "unlimited" : contextTokens)
        + ", decodeSlowdownPerContextToken=" + decodeSlowdownPerContextToken + ", prefixCache=" + prefixCache
        + (otherModels.isEmpty() ? "" : ", otherModels=" + otherModels) + ", framing=" + framing + "]";
  }
}
