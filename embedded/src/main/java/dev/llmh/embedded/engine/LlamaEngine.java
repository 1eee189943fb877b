package dev.llmh.embedded.engine;

import com.fasterxml.jackson.databind.ObjectMapper;
import de.kherud.llama.InferenceParameters;
import de.kherud.llama.JsonSchemaParameter;
import de.kherud.llama.LlamaIterator;
import de.kherud.llama.LlamaModel;
import de.kherud.llama.LlamaOutput;
import de.kherud.llama.ModelParameters;
import dev.llmh.embedded.model.ModelFiles;
import dev.llmh.embedded.model.ModelSpec;
import dev.llmh.embedded.model.Vocabulary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * An {@link Engine} over llama.cpp through java-llama.cpp 4.1.0 (llama.cpp build b4916).
 *
 * <p>Things to know about the library, all handled or documented here:
 *
 * <ul>
 *   <li>Its loader deletes the entries of its temporary directory whose names start with {@code
 *       llama} or {@code jllama}. {@link #open} points {@code de.kherud.llama.tmpdir} at {@code
 *       nativeTmpDir} before the library loads; the first call decides, later calls cannot move it.
 *   <li>Loading starts a native, non-daemon thread that keeps the JVM alive after {@link #close()}:
 *       a process that uses this engine must end with {@code System.exit}.
 *   <li>Chat messages must go through {@link #applyChatTemplate} and then a plain completion; the
 *       library's {@code setMessages} is ignored by its completion path.
 *   <li>llama.cpp reports load errors only to its native log, and in 4.1.0 {@code
 *       LlamaModel.setLogger} stops receiving it once a model loads (llama.cpp's common_init
 *       installs its own log callback). The engine therefore has llama.cpp write its log to a file
 *       in {@code nativeTmpDir} as well as the console, and puts the file's last lines into the
 *       exception when loading fails.
 *   <li>{@code LlamaOutput} carries no timings, so {@code promptMs} is measured from the request to
 *       the first generated piece (prefill plus the first sample) and {@code predictedMs} from
 *       there to the end of generation.
 * </ul>
 *
 * <p>The server runs {@code slots} parallel sequences over one context of {@code slots ×
 * slotContext} tokens; llama.cpp (b4916) gives each slot {@code n_ctx / n_parallel} tokens. Context
 * shifting is disabled: a prompt that does not fit is refused ({@link PromptTooLongException}),
 * never truncated. A request may reuse the prefix its slot already holds ({@code cache_prompt}); the
 * library reports no count of reused tokens, so {@code promptTokens} is always the whole prompt.
 */
public final class LlamaEngine extends OpenEngine {

  public static final String ENGINE = "llama.cpp (java-llama.cpp 4.1.0)";
  private static final String FALLBACK_VERSION = "java-llama.cpp 4.1.0, llama.cpp b4916";

  private static final ObjectMapper JSON = new ObjectMapper();

  private final LlamaModel model;
  private final AtomicBoolean closed = new AtomicBoolean();
  private final Path modelFile;
  private final NativeDir nativeDir;
  /** Loaded when a request first asks for log-probabilities. */
  private NextTokens nextTokens;

  private LlamaEngine(LlamaModel model, int slots, int slotContext, EngineInfo info, Path modelFile, NativeDir nativeDir) {
    super(info, slots, slotContext);
    this.model = model;
    this.modelFile = modelFile;
    this.nativeDir = nativeDir;
  }

  /**
   * Loads {@code modelFile} (generated for {@code spec}) with {@code slots} parallel slots of
   * {@code slotContext} tokens each.
   *
   * @param nativeTmpDir a private directory for the extracted native library (e.g. under target/);
   *     created if missing. Only the first engine of a JVM decides it.
   * @throws IOException when the file is missing or llama.cpp cannot load it (the message carries
   *     llama.cpp's last log lines)
   */
  public static LlamaEngine open(Path modelFile, ModelSpec spec, int slots, int slotContext, Path nativeTmpDir)
      throws IOException {
    if (slots < 1) {
      throw new IllegalArgumentException("slots must be at least 1: " + slots);
    }
    if (slotContext < 16 || slotContext > spec.context()) {
      throw new IllegalArgumentException(
          "slot context must be between 16 and the model's context " + spec.context() + ": " + slotContext);
    }
    if (!Files.isRegularFile(modelFile)) {
      throw new IOException("model file not found: " + modelFile);
    }
    NativeDir nativeDir = NativeDir.claim(nativeTmpDir);
    // llama.cpp's loader routes its log through common_log (console, and this file): the Java
    // logger of java-llama.cpp 4.1.0 is replaced when a model loads, so the file is the only place
    // load errors can be read back from.
    Path logFile = nativeDir.newLog(".log");
    int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
    ModelParameters parameters = new ModelParameters()
        .setModel(modelFile.toAbsolutePath().toString())
        .setCtxSize(slots * slotContext)
        .setParallel(slots)
        .setThreads(threads)
        .setThreadsBatch(threads)
        .setGpuLayers(0)
        .disableContextShift()
        .enableJinja() // as llama.cpp's server with --jinja: the only way it passes a request's tools to the template
        .setLogFile(logFile.toString());
    LlamaModel model;
    try {
      model = new LlamaModel(parameters);
    } catch (RuntimeException e) { // LlamaException is package-private
      throw new IOException("llama.cpp could not load " + modelFile + ": " + e.getMessage()
          + "\nllama.cpp log (last lines):\n" + NativeDir.lastLines(logFile), e);
    }
    String build = NativeDir.buildOf(logFile);
    String shape = shape(spec);
    EngineInfo info = new EngineInfo(
        ENGINE,
        build == null ? FALLBACK_VERSION : "java-llama.cpp 4.1.0, llama.cpp " + build,
        modelFile.getFileName().toString(),
        Files.size(modelFile),
        ModelFiles.sha256(modelFile),
        shape,
        spec.tensorType().name(),
        ARCHITECTURE);
    return new LlamaEngine(model, slots, slotContext, info, modelFile, nativeDir);
  }

  /** The architecture every generated model has, as its GGUF's {@code general.architecture} says. */
  static final String ARCHITECTURE = "llama";

  /** The shape as results record it, e.g. "llama 8L×512, 8 heads (4 kv), ffn 1408, vocab 16384, ctx 8192, F16". */
  public static String shape(ModelSpec spec) {
    int vocab = Vocabulary.build(spec.vocabularyTarget()).size();
    ModelSpec.Blocks blocks = spec.blocks();
    return "llama " + blocks.layers() + "L×" + blocks.embedding() + ", " + blocks.heads() + " heads ("
        + blocks.kvHeads() + " kv), ffn " + blocks.feedForward() + ", vocab " + vocab + ", ctx " + spec.context()
        + ", " + spec.tensorType();
  }

  @Override
  public int countTokens(String text) {
    ensureOpen();
    return text.isEmpty() ? 0 : model.encode(text).length;
  }

  @Override
  public List<String> tokens(String text) {
    ensureOpen();
    List<String> pieces = new java.util.ArrayList<>();
    for (int id : text.isEmpty() ? new int[0] : model.encode(text)) {
      pieces.add(model.decode(new int[] {id}));
    }
    return pieces;
  }

  @Override
  public String applyChatTemplate(List<ChatMessage> messages, List<Tool> tools) {
    ensureOpen();
    return model.applyTemplate(TemplateInput.json(messages, tools));
  }

  @Override
  public Completion complete(CompletionRequest request, TokenSink sink) throws IOException {
    ensureOpen();
    int promptTokens = promptTokens(request);
    InferenceParameters parameters = parameters(request);
    StringBuilder text = new StringBuilder();
    int pieces = 0;
    long start = System.nanoTime();
    long first = -1;
    LlamaIterator iterator;
    try {
      iterator = model.generate(parameters).iterator();
    } catch (RuntimeException e) {
      if (request.jsonSchema() != null) {
        throw new UnusableSchemaException("the JSON schema cannot constrain the output: " + reason(e.getMessage()));
      }
      throw new IOException("llama.cpp refused the request: " + e.getMessage(), e);
    }
    boolean finished = false;
    try {
      while (iterator.hasNext()) {
        LlamaOutput output;
        try {
          output = iterator.next();
        } catch (RuntimeException e) { // LlamaException is package-private
          throw new IOException("llama.cpp failed during generation: " + e.getMessage(), e);
        }
        if (!output.text.isEmpty()) {
          if (first < 0) {
            first = System.nanoTime();
          }
          pieces++;
          text.append(output.text);
          sink.accept(output.text);
        }
      }
      finished = true;
    } finally {
      if (!finished) {
        iterator.cancel();
      }
    }
    long end = System.nanoTime();
    if (first < 0) {
      first = end;
    }
    // Under a JSON schema's grammar the sampled tokens (one piece each) may re-tokenize to fewer: an
    // answer cut by max tokens must still say "length", never pass for one that ended.
    int completionTokens = Math.max(countTokens(text.toString()), pieces);
    String finishReason = completionTokens >= request.maxTokens() ? "length" : "stop";
    return new Completion(
        promptTokens, completionTokens, finishReason, (first - start) / 1e6, (end - first) / 1e6);
  }

  /** The prompt's tokens, once the request is known to fit a slot. */
  private int promptTokens(CompletionRequest request) {
    if (request.maxTokens() < 1) {
      throw new IllegalArgumentException("max tokens must be at least 1: " + request.maxTokens());
    }
    int promptTokens = countTokens(request.prompt());
    if (promptTokens == 0) {
      throw new IllegalArgumentException("the prompt is empty");
    }
    if ((long) promptTokens + request.maxTokens() > slotContext()) {
      throw new PromptTooLongException("prompt of " + promptTokens + " tokens plus max_tokens "
          + request.maxTokens() + " exceeds the slot context of " + slotContext() + " tokens");
    }
    return promptTokens;
  }

  private static InferenceParameters parameters(CompletionRequest request) {
    InferenceParameters parameters = new InferenceParameters(request.prompt())
        .setNPredict(request.maxTokens())
        .setTemperature((float) request.temperature())
        .setSeed((int) request.seed())
        // On, llama.cpp keeps each slot's tokens and picks the idle slot whose tokens match the prompt best.
        .setCachePrompt(request.cachePrompt());
    if (!request.stop().isEmpty()) {
      parameters.setStopStrings(request.stop().toArray(String[]::new));
    }
    if (request.jsonSchema() != null) {
      JsonSchemaParameter.set(parameters, request.jsonSchema());
    }
    return parameters;
  }

  /**
   * From llama.cpp's hidden state and the file's output projection ({@link NextTokens}): java-llama.cpp
   * 4.1.0 cannot return log-probabilities itself, since asking for {@code n_probs} aborts the process
   * (its JNI reads {@code completion_probabilities[].probs[].tok_str}, which llama.cpp b4916 writes as
   * {@code top_logprobs[].token}).
   */
  @Override
  public Logprobs logprobs(String text, int k, String chosen) throws IOException {
    ensureOpen();
    NextTokens next;
    synchronized (this) {
      if (nextTokens == null) {
        nextTokens = NextTokens.open(modelFile, model, slotContext(), nativeDir.newLog("-hidden.log"));
      }
      next = nextTokens;
    }
    int[] ids = chosen.isEmpty() ? new int[0] : model.encode(chosen);
    return next.after(text, k, chosen, ids.length == 1 ? ids[0] : -1);
  }

  /** The {@code message} of llama.cpp's JSON error response, or the text as it is. */
  private static String reason(String error) {
    try {
      return JSON.readTree(error).path("message").asText(error).replace('\n', ' ');
    } catch (IOException | RuntimeException e) {
      return error;
    }
  }

  private void ensureOpen() {
    if (closed.get()) {
      throw new IllegalStateException("engine closed");
    }
  }

  /**
   * Frees the model. java-llama.cpp leaves a native non-daemon thread behind: the JVM will not exit
   * by itself afterwards, so the process must call {@code System.exit}.
   */
  @Override
  public void close() {
    if (closed.compareAndSet(false, true)) {
      model.close();
      synchronized (this) {
        if (nextTokens != null) {
          nextTokens.close();
        }
      }
    }
  }
}
