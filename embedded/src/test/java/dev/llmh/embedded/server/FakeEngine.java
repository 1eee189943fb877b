package dev.llmh.embedded.server;

import dev.llmh.embedded.engine.Engine;
import dev.llmh.embedded.engine.OpenEngine;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * A deterministic {@link Engine} for the server's tests. Tokens are whitespace-separated words;
 * piece {@code k} of a completion is {@code "s<seed>t<k>"} (with a leading space after the first),
 * up to {@link #naturalLength} pieces, each after {@link #pieceDelayMillis}. Like a real engine it
 * counts one BOS token more in {@link #complete} than {@link #countTokens} reports, so a prompt at the
 * server's limit reaches the engine's own check.
 */
final class FakeEngine extends OpenEngine {

  static final EngineInfo INFO =
      new EngineInfo("fake", "1.2.3", "fake.gguf", 4096L, "ab".repeat(32), "layers=2 width=64", "Q8_0", "llama");

  volatile int naturalLength = 5;
  volatile long pieceDelayMillis = 0;
  /** Throws an engine failure before piece {@code failBeforePiece}; -1 never. */
  volatile int failBeforePiece = -1;
  /** The last request {@link #complete} was called with. */
  volatile CompletionRequest lastRequest;

  final AtomicInteger active = new AtomicInteger();
  final AtomicInteger maxActive = new AtomicInteger();
  final AtomicInteger started = new AtomicInteger();
  final AtomicInteger finished = new AtomicInteger();
  /** Completions that ended because the sink threw. */
  final AtomicInteger sinkFailures = new AtomicInteger();
  /** Pieces the sink took, over every completion. */
  final AtomicInteger emitted = new AtomicInteger();

  FakeEngine(int slots, int slotContext) {
    super(INFO, slots, slotContext);
  }

  @Override
  public int countTokens(String text) {
    String t = text.strip();
    return t.isEmpty() ? 0 : t.split("\\s+").length;
  }

  @Override
  public String applyChatTemplate(List<ChatMessage> messages, List<Engine.Tool> tools) {
    StringBuilder s = new StringBuilder();
    for (ChatMessage m : messages) {
      s.append("<|im_start|>").append(m.role()).append(' ').append(m.content()).append(" <|im_end|>\n");
    }
    return s.append("<|im_start|>assistant ").toString();
  }

  /** The text a request at {@code seed} would produce without limits. */
  String piece(long seed, int k) {
    return (k == 0 ? "" : " ") + "s" + seed + "t" + k;
  }

  /**
   * Emits pieces until the natural length, max tokens or a stop string; text from a stop string on
   * is not emitted, as the Engine contract says.
   */
  @Override
  public Completion complete(CompletionRequest request, TokenSink sink) throws IOException {
    lastRequest = request;
    int promptTokens = countTokens(request.prompt()) + 1; // BOS
    if (promptTokens + request.maxTokens() > slotContext()) {
      throw new PromptTooLongException("fake engine: " + promptTokens + " prompt tokens + "
          + request.maxTokens() + " max tokens > slot context " + slotContext());
    }
    int now = active.incrementAndGet();
    maxActive.accumulateAndGet(now, Math::max);
    started.incrementAndGet();
    long t0 = System.nanoTime();
    try {
      int n = 0;
      String finish = "length";
      StringBuilder text = new StringBuilder();
      for (int k = 0; ; k++) {
        if (k >= naturalLength) {
          finish = "stop";
          break;
        }
        if (n >= request.maxTokens()) {
          break;
        }
        if (k == failBeforePiece) {
          throw new IllegalStateException("fake engine failure at piece " + k);
        }
        sleep(pieceDelayMillis);
        String piece = piece(request.seed(), k);
        String candidate = text + piece;
        int at = -1;
        for (String stop : request.stop()) {
          int i = candidate.indexOf(stop);
          if (i >= 0 && (at < 0 || i < at)) {
            at = i; // the earliest match wins
          }
        }
        boolean stopped = at >= 0;
        if (stopped) {
          piece = candidate.substring(text.length(), Math.max(text.length(), at));
        }
        if (!piece.isEmpty()) {
          try {
            sink.accept(piece);
            emitted.incrementAndGet();
          } catch (IOException e) {
            sinkFailures.incrementAndGet();
            throw e;
          }
        }
        text.append(piece);
        n++;
        if (stopped) {
          finish = "stop";
          break;
        }
      }
      double ms = (System.nanoTime() - t0) / 1e6;
      return new Completion(promptTokens, n, finish, 1.5, ms);
    } finally {
      active.decrementAndGet();
      finished.incrementAndGet();
    }
  }

  /** Ignores interrupts, as native decoding does: only the sink can stop a generation. */
  private static void sleep(long millis) {
    long deadline = System.nanoTime() + millis * 1_000_000L;
    for (long left; (left = deadline - System.nanoTime()) > 0; ) {
      LockSupport.parkNanos(left);
    }
  }

  /** Run by {@link #close()}. */
  volatile Runnable onClose = () -> {};

  @Override
  public void close() {
    onClose.run();
  }
}
