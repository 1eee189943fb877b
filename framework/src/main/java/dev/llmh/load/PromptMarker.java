package dev.llmh.load;

import dev.llmh.annotations.PromptCache;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Makes every request's text unique with a short marker, so that no server answers it from a cache
 * of earlier requests. The random part differs between runs, because a server's cache outlives a run.
 *
 * <p>Where the marker goes decides what a prefix cache can reuse ({@link PromptCache.Mode}): at the
 * very start of the text (the system prompt's start when there is one), nothing can be reused, so
 * TTFT measures the whole prefill (a byte-identical prompt would hide the prefill cost); at
 * the end of the user text, everything before it is byte-identical between requests and can be.
 */
public final class PromptMarker {
  /** {@code promptCache} in the results for {@link PromptCache.Mode#UNIQUE}. */
  public static final String MODE = "unique-prefix";
  /** {@code promptCache} in the results for {@link PromptCache.Mode#SHARED}. */
  public static final String SHARED_MODE = "shared-prefix";

  /** A marker where {@link #apply} puts one: at the start of a text, or at its end. */
  private static final java.util.regex.Pattern MARKED =
      java.util.regex.Pattern.compile("^\\[[0-9a-f]{8}-\\d+\\] | \\[[0-9a-f]{8}-\\d+\\]$");

  private final String runPart;
  private final AtomicLong counter = new AtomicLong();

  public PromptMarker() {
    byte[] random = new byte[4];
    new SecureRandom().nextBytes(random);
    this.runPart = HexFormat.of().formatHex(random);
  }

  /** The prompt with the next marker before it. */
  public String apply(String prompt) {
    return next() + " " + prompt;
  }

  /** The texts of one request. */
  public record Texts(String system, String prompt) {}

  /** The system text (null for none) and the prompt of the next request, marked as {@code mode} wants. */
  public Texts apply(PromptCache.Mode mode, String system, String prompt) {
    if (mode == PromptCache.Mode.SHARED) {
      return new Texts(system, prompt + " " + next());
    }
    return system == null ? new Texts(null, apply(prompt)) : new Texts(apply(system), prompt);
  }

  /** {@code text} without the marker this class put in it: the prompt as the scenario wrote it. */
  public static String unmarked(String text) {
    return text == null ? null : MARKED.matcher(text).replaceFirst("");
  }

  /** What the results record as {@code promptCache} for {@code mode}. */
  public static String recorded(PromptCache.Mode mode) {
    return mode == PromptCache.Mode.SHARED ? SHARED_MODE : MODE;
  }

  private String next() {
    return "[" + runPart + "-" + counter.incrementAndGet() + "]";
  }
}
