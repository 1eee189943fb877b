package dev.llmh.sim;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The simulator's approximate, deterministic tokenizer and its output vocabulary.
 *
 * <p><b>Counting.</b> The number of tokens in a text is the number of matches of
 * {@code \w+|[^\w\s]} (Unicode character classes): every run of word characters is one token and
 * every other non-space character is one token on its own. "Hello, world!" is 4 tokens. This is
 * not any real model's tokenizer; it is stable, cheap and easy for a test to predict. A chat
 * prompt's token count is the sum over its messages' content (roles and chat-template overhead
 * are not counted).
 *
 * <p><b>Generation.</b> Output token {@code i} of a request with seed {@code s} is {@code " " + w}
 * where {@code w} is a word from a small fixed vocabulary chosen by a hash of {@code (s, i)}, so the
 * same seed always gives the same text, and each output token counts as exactly one token here.
 */
public final class SimTokenizer {

  private static final Pattern TOKEN =
      Pattern.compile("\\w+|[^\\w\\s]", Pattern.UNICODE_CHARACTER_CLASS);

  /** The fixed output vocabulary (each a single {@code \w+} token). */
  public static final List<String> VOCABULARY = List.of(
      "the", "model", "latency", "token", "stream", "server", "request", "prompt",
      "answer", "quickly", "slowly", "measure", "time", "first", "second", "chunk",
      "queue", "slot", "decode", "prefill", "cache", "batch", "context", "budget",
      "result", "signal", "noise", "median", "tail", "load", "engine", "harness");

  private SimTokenizer() {
  }

  /** Number of tokens in {@code text} (0 for null or blank text). */
  public static int countTokens(CharSequence text) {
    if (text == null) {
      return 0;
    }
    Matcher m = TOKEN.matcher(text);
    int n = 0;
    while (m.find()) {
      n++;
    }
    return n;
  }

  /** The tokens of {@code text}, each as its text: what a prefix cache compares (empty for null). */
  public static List<String> tokens(CharSequence text) {
    List<String> tokens = new java.util.ArrayList<>();
    if (text != null) {
      Matcher m = TOKEN.matcher(text);
      while (m.find()) {
        tokens.add(m.group());
      }
    }
    return tokens;
  }

  /** The text of output token {@code index} for {@code seed}: a space followed by one word. */
  public static String outputToken(long seed, int index) {
    long h = mix(seed * 0x9E3779B97F4A7C15L + index + 0x632BE59BD9B4E019L);
    return " " + VOCABULARY.get((int) Math.floorMod(h, (long) VOCABULARY.size()));
  }

  /** The text of output tokens {@code [from, to)} for {@code seed}, concatenated. */
  public static String outputText(long seed, int from, int to) {
    StringBuilder sb = new StringBuilder();
    for (int i = from; i < to; i++) {
      sb.append(outputToken(seed, i));
    }
    return sb.toString();
  }

  /** SplitMix64's finaliser: a well-mixed 64-bit hash. */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
