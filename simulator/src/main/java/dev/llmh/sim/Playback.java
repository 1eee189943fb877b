package dev.llmh.sim;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import dev.llmh.front.EventStream;
import dev.llmh.front.SlotQueue;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Plays accepted requests' {@link Plan}s out on the wire, on the timing model of
 * {@link SimulatedServer}: waits for a slot, then for each chunk's absolute deadline, writes it
 * through the {@link SimulatorHook}, and hands what was served, as a {@link ServedRequest}, to
 * {@code served}.
 */
final class Playback {

  /** Output tokens {@code [from, to)}, sent as one chunk; reasoning chunks hold reasoning only. */
  private record Span(int from, int to, boolean reasoning) {}

  private final SimulatorSettings settings;
  private final SlotQueue slots;
  private final ObjectMapper mapper;
  private final Consumer<ServedRequest> served;
  private final Residency residency;
  private final PrefixCache cache = new PrefixCache();
  private final EngineMetrics metrics;

  /**
   * @param residency shared by the playbacks of every model the server serves
   * @param metrics the engine's own figures, shared likewise
   */
  Playback(SimulatorSettings settings, SlotQueue slots, ObjectMapper mapper, Consumer<ServedRequest> served, Residency residency,
      EngineMetrics metrics) {
    this.settings = settings;
    this.metrics = metrics;
    this.residency = residency;
    this.slots = slots;
    this.mapper = mapper;
    this.served = served;
  }

  void stream(HttpExchange ex, Plan plan, long arrival) throws IOException {
    Protocol protocol = plan.protocol();
    Chunks chunks = new Chunks(mapper, settings, plan);
    int total = plan.completionTokens();
    // Reasoning tokens [0, r) and answer tokens [r, total) are chunked separately: no chunk mixes them.
    int reasoning = protocol.reasoningChannel() ? Math.min(settings.output().reasoningTokens(), total) : 0;
    List<Span> spans = spans(reasoning, total);
    List<String> texts = texts(plan, chunks, spans);
    EventStream events = open(ex, plan, chunks, texts);
    List<Long> flushed = new ArrayList<>(spans.size());
    int event = 0;
    boolean disconnected = false;
    long slotAt = -1;
    int cached = 0;
    try {
      if (settings.quirks().roleChunkFirst() && protocol == Protocol.CHAT) {
        send(events, plan, event++, chunks.role());
      }
      try {
        take(plan);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return; // server closing: not recorded
      }
      try {
        slotAt = System.nanoTime();
        long load = residency.loadNanos(settings, plan.number(), slotAt);
        cached = cachedTokens(plan, slotAt);
        long first = firstChunkDeadline(slotAt, plan, cached) + load;
        remember(plan, first);
        long gap = settings.chunkGapNanos(plan.request().prompt().tokens());
        event = sendChunks(events, plan, texts, first, gap, event, flushed);
        metrics.ended(plan.request().prompt().tokens(), cached, arrival, slotAt, flushed.isEmpty() ? null : flushed.get(0));
        if (protocol.ollama()) {
          long now = System.nanoTime();
          String done = chunks.ollamaDone(now - arrival, load, first - load - slotAt, flushed.isEmpty() ? 0L : now - flushed.get(0));
          boolean padding = settings.quirks().framing() == StreamFraming.CONTENT_LENGTH;
          send(events, plan, event, padding ? padded(done, widestDone(chunks)) : done);
        } else {
          sendOpenAiEnd(events, plan, chunks, event, chunks.finish(first - slotAt, cached), cached);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        disconnected = true; // server closing mid-stream
      } finally {
        giveBack(plan);
      }
    } catch (IOException e) {
      disconnected = true;
      if (slotAt < 0) {
        slotAt = System.nanoTime(); // gone before it got a slot
      }
    }
    ServedRequest.Times times = new ServedRequest.Times(arrival, slotAt, flushed, System.nanoTime());
    int sent = flushed.size(); // the chunks sent are the spans [0, sent)
    int sentTokens = sent == 0 ? 0 : spans.get(sent - 1).to();
    int sentReasoning = (int) spans.subList(0, sent).stream().filter(Span::reasoning).count();
    record(ex, plan, true, times, new ServedRequest.Outcome(plan.request().prompt().tokens(), cached, sentTokens, sentReasoning,
        plan.finishReason(), disconnected));
  }

  /**
   * Sends each content chunk at its deadline, the first at {@code first} and each next {@code gap}
   * later, noting in {@code flushed} when each was sent; with no chunk, waits for {@code first}.
   *
   * @return the index of the event after the last chunk
   */
  private int sendChunks(EventStream events, Plan plan, List<String> texts, long first, long gap, int event,
      List<Long> flushed) throws IOException, InterruptedException {
    int next = event;
    for (int k = 0; k < texts.size(); k++) {
      Deadlines.waitUntil(first + k * gap);
      long sendAt = System.nanoTime();
      send(events, plan, next++, texts.get(k));
      flushed.add(sendAt);
    }
    if (texts.isEmpty()) {
      Deadlines.waitUntil(first);
    }
    return next;
  }

  /** The OpenAI stream's end, from event {@code event} on: {@code finish}, usage when asked for and sent, [DONE]. */
  private void sendOpenAiEnd(EventStream events, Plan plan, Chunks chunks, int event, String finish, int cached) throws IOException {
    int next = event;
    send(events, plan, next++, finish);
    if (plan.request().includeUsage() && settings.quirks().sendsUsage()) {
      send(events, plan, next++, chunks.usage(plan.completionTokens(), cached));
    }
    send(events, plan, next, "[DONE]");
  }

  /** Each span's chunk, made before the first is due: the body's length may need them all. */
  private static List<String> texts(Plan plan, Chunks chunks, List<Span> spans) throws IOException {
    List<String> texts = new ArrayList<>(spans.size());
    for (Span span : spans) {
      texts.add(chunks.text(SimTokenizer.outputText(plan.request().seed(), span.from(), span.to()), span.reasoning(), span.to()));
    }
    return texts;
  }

  /** Sends the head of a streamed answer, framed as {@link ServerQuirks#framing()} says. */
  private EventStream open(HttpExchange ex, Plan plan, Chunks chunks, List<String> texts) throws IOException {
    EventStream.Framing framing = plan.protocol().ollama() ? EventStream.Framing.NDJSON : EventStream.Framing.SSE;
    if (settings.quirks().framing().closeDelimited()) {
      ex.getResponseHeaders().set("Connection", "close"); // the front made the request HTTP/1.0: the body runs to the close
    }
    boolean sized = settings.quirks().framing() == StreamFraming.CONTENT_LENGTH;
    return EventStream.open(ex, framing, sized ? bodyLength(framing, plan, chunks, texts) : 0);
  }

  /** Every event's bytes, worked out before the first is sent ({@link StreamFraming#CONTENT_LENGTH}). */
  private long bodyLength(EventStream.Framing framing, Plan plan, Chunks chunks, List<String> texts) throws IOException {
    List<String> all = new ArrayList<>();
    if (settings.quirks().roleChunkFirst() && plan.protocol() == Protocol.CHAT) {
      all.add(chunks.role());
    }
    all.addAll(texts);
    if (plan.protocol().ollama()) {
      all.add(widestDone(chunks));
    } else {
      all.add(chunks.finish());
      if (plan.request().includeUsage() && settings.quirks().sendsUsage()) {
        all.add(chunks.usage(plan.completionTokens(), 0)); // no cached count with a body sized ahead (ServerQuirks)
      }
      all.add("[DONE]");
    }
    long length = 0;
    for (String payload : all) {
      length += framing.frameLength(payload);
    }
    return length;
  }

  /** Ollama's last line with the widest durations there are: the room its real durations are padded to. */
  private static String widestDone(Chunks chunks) throws IOException {
    return chunks.ollamaDone(Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE);
  }

  /** {@code line} with trailing spaces (JSON whitespace) to the length of {@code widest}; digits are one byte each. */
  private static String padded(String line, String widest) {
    return line + " ".repeat(Math.max(0, widest.length() - line.length()));
  }

  void whole(HttpExchange ex, Plan plan, long arrival) throws IOException {
    try {
      take(plan);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return;
    }
    long slotAt = System.nanoTime();
    boolean disconnected = false;
    int sent = plan.completionTokens();
    int cached = cachedTokens(plan, slotAt);
    try {
      int chunks = (plan.completionTokens() + settings.output().tokensPerChunk() - 1) / settings.output().tokensPerChunk();
      long first = firstChunkDeadline(slotAt, plan, cached);
      remember(plan, first);
      long done = first + Math.max(0, chunks - 1) * settings.chunkGapNanos(plan.request().prompt().tokens());
      byte[] bytes = new Chunks(mapper, settings, plan).whole();
      Deadlines.waitUntil(done);
      metrics.ended(plan.request().prompt().tokens(), cached, arrival, slotAt, null);
      ex.getResponseHeaders().set("Content-Type", "application/json");
      ex.sendResponseHeaders(200, bytes.length);
      try (OutputStream out = ex.getResponseBody()) {
        out.write(bytes);
      }
    } catch (IOException e) {
      disconnected = true;
      sent = 0;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      disconnected = true;
      sent = 0;
    } finally {
      giveBack(plan);
    }
    ServedRequest.Times times = new ServedRequest.Times(arrival, slotAt, List.of(), System.nanoTime());
    record(ex, plan, false, times, new ServedRequest.Outcome(plan.request().prompt().tokens(), cached, sent, 0,
        plan.finishReason(), disconnected));
  }

  /** Waits for a slot; the engine's metrics count the request running from then on. */
  private void take(Plan plan) throws InterruptedException {
    slots.acquire();
    metrics.admitted(plan);
  }

  private void giveBack(Plan plan) {
    metrics.finished(plan);
    slots.release();
  }

  /** Hands what was served to {@code served}: what the plan's request asked for, over {@code ex}'s connection. */
  private void record(HttpExchange ex, Plan plan, boolean streamed, ServedRequest.Times times, ServedRequest.Outcome outcome) {
    ServedRequest.Request request = new ServedRequest.Request(plan.request().model(), plan.protocol().path, streamed,
        ex.getRemoteAddress().getPort(), plan.request().prompt().messages());
    served.accept(new ServedRequest(plan.number(), request, times, outcome));
  }

  private List<Span> spans(int reasoning, int total) {
    int tpc = settings.output().tokensPerChunk();
    List<Span> spans = new ArrayList<>();
    for (int from = 0; from < reasoning; from += tpc) {
      spans.add(new Span(from, Math.min(reasoning, from + tpc), true));
    }
    for (int from = reasoning; from < total; from += tpc) {
      spans.add(new Span(from, Math.min(total, from + tpc), false));
    }
    return spans;
  }

  /** One event (SSE) or line (NDJSON), through the hook, which may alter, drop or delay it. */
  private void send(EventStream events, Plan plan, int index, String payload) throws IOException {
    String data = settings.hook().interceptEvent(plan.number(), index, payload);
    if (data != null) {
      events.send(data);
    }
  }

  /** Only the tokens not served from the prefix cache are prefilled. */
  private long firstChunkDeadline(long slotAt, Plan plan, int cachedTokens) {
    return slotAt + settings.timing().firstTokenDelay().toNanos()
        + settings.prefillNanos(plan.request().prompt().tokens() - cachedTokens);
  }

  /** Prompt tokens the request finds in the prefix cache when it gets its slot; 0 when it may not use it. */
  private int cachedTokens(Plan plan, long slotAt) {
    if (!settings.capacity().prefixCache() || !plan.request().cachePrompt()) {
      return 0;
    }
    // The cache compares its own units (roles included); what it saves is counted in prompt tokens.
    ChatRequest.Prompt prompt = plan.request().prompt();
    return Math.min(cache.cachedTokens(prompt.prefix(), slotAt), Math.max(0, prompt.tokens() - 1));
  }

  /** The request's prompt is cached once its prefill ends, at its first chunk's deadline. */
  private void remember(Plan plan, long prefillEnd) {
    if (settings.capacity().prefixCache()) {
      cache.store(plan.request().prompt().prefix(), prefillEnd);
    }
  }
}
