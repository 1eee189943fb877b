package dev.llmh.measure;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One request's metrics, as the metric table of docs/guide/accuracy.md defines them (vLLM {@code bench serve} semantics).
 * Times in milliseconds; a metric the request cannot define is NaN (TPOT needs two tokens, TTFO an
 * answer chunk).
 *
 * @param latency the request's times
 * @param counts what it counted: tokens and chunks
 * @param caveats what makes its figures doubtful or not the workload asked for, each a flag of {@link #flags()}
 */
public record RequestMetrics(Latency latency, Counts counts, Caveats caveats) {

  /**
   * @param ttftMs t1 − t0: first chunk carrying generated text, reasoning included
   * @param e2eMs tK − t0: last chunk carrying generated text
   * @param tpotMs (E2E − TTFT) / (N − 1), for N ≥ 2 tokens in at least two chunks; else NaN (not measured)
   * @param ttfoMs time to the first answer (non-reasoning) chunk; NaN when none came
   * @param queueMs open loop: actual − intended send (client lag, and the wait for a free {@code maxInFlight}
   *     slot); NaN for a request not sent on a schedule
   * @param itlMs each raw gap between consecutive text chunks (a chunk may carry several tokens)
   * @param itlTokenMs per-token inter-token latency, or null when per-chunk token counts are unknown:
   *     with per-chunk counts from the server, each gap divided by the tokens of the chunk that closed
   *     it, once per token; with usage equal to the chunk count (one token per chunk confirmed), the raw gaps
   */
  public record Latency(
      double ttftMs, double e2eMs, double tpotMs, double ttfoMs, double queueMs, List<Double> itlMs,
      List<Double> itlTokenMs) {
    public Latency {
      itlMs = List.copyOf(itlMs);
      itlTokenMs = itlTokenMs == null ? null : Collections.unmodifiableList(new ArrayList<>(itlTokenMs));
    }
  }

  /**
   * @param outputTokens N: the server's usage when reported (reasoning tokens included), else the
   *     text-chunk count
   * @param tokensEstimated true when N is the chunk count because the server sent no usage
   * @param chunkCount text chunks received (answer and reasoning)
   * @param reasoningChunks how many of them carried only reasoning
   * @param promptTokens the server's count of prompt tokens, or null when it gave none
   */
  public record Counts(int outputTokens, boolean tokensEstimated, int chunkCount, int reasoningChunks, Integer promptTokens) {}

  /**
   * @param usageChunkMismatch the server's usage and the text-chunk count disagree (chunks carried
   *     several tokens, or some tokens came without text)
   * @param modelLoad the server reports a model load inside this request ({@link #MODEL_LOAD_MS})
   * @param usageImplausible the server's token count cannot be true: more tokens than the text that
   *     arrived could hold ({@link #SPECIAL_TOKENS} aside); N is then the chunk count
   * @param exceedsMaxTokens more tokens (or text chunks) came than {@code max_tokens} allowed: the
   *     server ignored the limit, so the request is not the workload asked for
   * @param invalidUtf8 the text held U+FFFD, the mark of bytes that were not valid UTF-8
   */
  public record Caveats(
      boolean usageChunkMismatch, boolean modelLoad, boolean usageImplausible, boolean exceedsMaxTokens,
      boolean invalidUtf8) {}

  public static final String FLAG_ESTIMATED_TOKENS = "estimated_tokens";
  public static final String FLAG_NO_TEXT = "no_text";
  public static final String FLAG_NO_ANSWER = "no_answer";
  public static final String FLAG_USAGE_CHUNK_MISMATCH = "usage_chunk_mismatch";
  public static final String FLAG_MODEL_LOAD = "model_load";
  public static final String FLAG_USAGE_IMPLAUSIBLE = "usage_implausible";
  public static final String FLAG_EXCEEDS_MAX_TOKENS = "exceeds_max_tokens";
  public static final String FLAG_INVALID_UTF8 = "invalid_utf8";

  /**
   * Tokens a server may count without streaming any text for them (end of sequence, reasoning
   * markers, a tool call's delimiters): the slack allowed above one token per byte of text.
   */
  public static final int SPECIAL_TOKENS = 8;

  /**
   * A request whose server-reported load time ({@code load_ms}, Ollama's {@code load_duration})
   * exceeds this loaded the model: a warm Ollama reports a few ms here, a cold load hundreds of ms
   * or seconds. Such a request measures the load, not serving, and is kept out of the statistics.
   */
  public static final double MODEL_LOAD_MS = 50;

  /** The server-timings key whose value decides {@link Caveats#modelLoad()}. */
  public static final String LOAD_MS = "load_ms";

  public static RequestMetrics of(RequestSample sample) {
    RequestSample.Timing timing = sample.timing();
    RequestSample.Tokens reported = sample.tokens();
    List<Long> chunks = timing.textChunkNanos();
    boolean estimated = reported.usageOutputTokens() == null;
    boolean implausible = !estimated && implausible(reported);
    boolean trusted = !estimated && !implausible;
    int tokens = trusted ? reported.usageOutputTokens() : chunks.size();
    Double load = sample.server().serverTimings().get(LOAD_MS);
    Caveats caveats = new Caveats(trusted && tokens != chunks.size(), load != null && load > MODEL_LOAD_MS, implausible,
        reported.maxTokens() > 0 && Math.max(tokens, chunks.size()) > reported.maxTokens(),
        sample.text().replacementCharacters());
    Counts counts = new Counts(tokens, estimated, chunks.size(), timing.reasoningChunks(), reported.promptTokens());
    double queue = timing.scheduledNanos() == null ? Double.NaN : millis(timing.startNanos() - timing.scheduledNanos());
    double ttfo = timing.firstAnswerNanos() == null ? Double.NaN : millis(timing.firstAnswerNanos() - timing.startNanos());
    if (chunks.isEmpty()) {
      return new RequestMetrics(
          new Latency(Double.NaN, Double.NaN, Double.NaN, ttfo, queue, List.of(), null), counts, caveats);
    }
    double ttft = millis(chunks.get(0) - timing.startNanos());
    double e2e = millis(chunks.get(chunks.size() - 1) - timing.startNanos());
    // One chunk carrying every token (a tool call sent whole) hides the decode before it: no TPOT, not 0
    double tpot = tokens >= 2 && chunks.size() >= 2 ? (e2e - ttft) / (tokens - 1) : Double.NaN;
    List<Double> gaps = new ArrayList<>(chunks.size() - 1);
    for (int k = 1; k < chunks.size(); k++) {
      gaps.add(millis(chunks.get(k) - chunks.get(k - 1)));
    }
    List<Double> perToken = trusted ? perTokenGaps(reported, gaps, tokens) : null;
    return new RequestMetrics(new Latency(ttft, e2e, tpot, ttfo, queue, gaps, perToken), counts, caveats);
  }

  /** More tokens than the streamed text could hold, once the server's hidden reasoning and special tokens are allowed. */
  private static boolean implausible(RequestSample.Tokens reported) {
    if (reported.textBytes() < 0) {
      return false; // not counted: nothing to check against
    }
    long hidden = reported.hiddenReasoningTokens() == null ? 0 : reported.hiddenReasoningTokens();
    return reported.usageOutputTokens() > reported.textBytes() + hidden + SPECIAL_TOKENS;
  }

  /** Per-token gaps where per-chunk token counts are known; null where they are not. */
  private static List<Double> perTokenGaps(RequestSample.Tokens reported, List<Double> gaps, int tokens) {
    List<Integer> perChunk = reported.chunkTokens();
    if (perChunk.size() == gaps.size() + 1) {
      List<Double> perToken = new ArrayList<>();
      for (int k = 1; k < perChunk.size(); k++) {
        int n = perChunk.get(k);
        if (n < 1) {
          return null; // a text chunk with no new token: the split is not what the counts say
        }
        for (int t = 0; t < n; t++) {
          perToken.add(gaps.get(k - 1) / n);
        }
      }
      return perToken;
    }
    if (tokens == gaps.size() + 1) {
      return gaps; // usage confirms one token per chunk
    }
    return null;
  }

  /** Decode rate, (N − 1) / (E2E − TTFT) in tok/s: 1 / TPOT; NaN where TPOT is undefined. */
  public double decodeRate() {
    return latency.tpotMs() > 0 ? 1000 / latency.tpotMs() : Double.NaN;
  }

  /**
   * Prefill rate, prompt tokens / TTFT in tok/s; NaN without the server's prompt count or a first
   * chunk, or when one chunk carried the whole answer of several tokens (its TTFT holds their decode).
   */
  public double prefillRate() {
    Integer prompt = counts.promptTokens();
    boolean decodeHidden = counts.chunkCount() == 1 && counts.outputTokens() > 1;
    return prompt == null || decodeHidden || !(latency.ttftMs() > 0) ? Double.NaN : prompt * 1000.0 / latency.ttftMs();
  }

  /** Open loop: TTFT from the intended send, so that a client falling behind cannot hide server queueing; else NaN. */
  public double ttftFromScheduleMs() {
    return latency.queueMs() + latency.ttftMs();
  }

  /** Open loop: E2E from the intended send; else NaN. */
  public double e2eFromScheduleMs() {
    return latency.queueMs() + latency.e2eMs();
  }

  /** True when the request never produced an answer chunk: no text at all, or reasoning only. */
  public boolean noAnswer() {
    return Double.isNaN(latency.ttfoMs());
  }

  /** Flags a person reading the sample should see. */
  public List<String> flags() {
    List<String> flags = new ArrayList<>();
    if (counts.tokensEstimated()) {
      flags.add(FLAG_ESTIMATED_TOKENS);
    }
    if (Double.isNaN(latency.ttftMs())) {
      flags.add(FLAG_NO_TEXT);
    }
    if (noAnswer()) {
      flags.add(FLAG_NO_ANSWER);
    }
    if (caveats.usageChunkMismatch()) {
      flags.add(FLAG_USAGE_CHUNK_MISMATCH);
    }
    if (caveats.modelLoad()) {
      flags.add(FLAG_MODEL_LOAD);
    }
    if (caveats.usageImplausible()) {
      flags.add(FLAG_USAGE_IMPLAUSIBLE);
    }
    if (caveats.exceedsMaxTokens()) {
      flags.add(FLAG_EXCEEDS_MAX_TOKENS);
    }
    if (caveats.invalidUtf8()) {
      flags.add(FLAG_INVALID_UTF8);
    }
    return flags;
  }

  static double millis(long nanos) {
    return nanos / 1_000_000.0;
  }
}
