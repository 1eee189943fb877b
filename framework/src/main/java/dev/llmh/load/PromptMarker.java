package dev.llmh.load;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Makes every request's prompt unique by prefixing a short marker, so that TTFT measures prefill
 * rather than a prefix-cache hit (seed 000: a byte-identical prompt hides the prefill cost). The
 * random part differs between runs, because a server's cache outlives a run.
 */
public final class PromptMarker {
  public static final String MODE = "unique-prefix";

  private final String runPart;
  private final AtomicLong counter = new AtomicLong();

  public PromptMarker() {
    byte[] random = new byte[4];
    new SecureRandom().nextBytes(random);
    this.runPart = HexFormat.of().formatHex(random);
  }

  public String apply(String prompt) {
    return "[" + runPart + "-" + counter.incrementAndGet() + "] " + prompt;
  }
}
