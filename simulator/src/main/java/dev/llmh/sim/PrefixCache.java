package dev.llmh.sim;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * The simulator's prompt cache, global like vLLM's automatic prefix cache (llama.cpp keeps one per
 * slot, and picks the slot whose cache matches best: with as many recent prompts as slots the two
 * agree): a request whose prompt starts with the tokens of a prompt prefilled before prefills only
 * the rest. At least the last token is always prefilled, since the first output needs its logits
 * (llama.cpp re-evaluates it even on a full match).
 *
 * <p>A prompt enters the cache when its prefill ends, not when it starts: a request that arrives
 * during an identical request's prefill prefills in full, as on a real server.
 */
final class PrefixCache {
  /** Recent prompts kept: enough for every slot of any simulator a test starts. */
  private static final int CAPACITY = 64;

  private record Entry(List<String> tokens, long readyNanos) {}

  private final Deque<Entry> entries = new ArrayDeque<>();

  /**
   * How many prompt tokens a request whose prompt is {@code units} finds cached at {@code nowNanos}:
   * those of the longest prefix it shares with a prompt whose prefill has ended, at most all but the
   * last unit. A unit starting with {@code \u0000} marks a message's role; it is compared but not
   * counted, as the simulator counts only the messages' content.
   */
  synchronized int cachedTokens(List<String> units, long nowNanos) {
    int best = 0;
    for (Entry entry : entries) {
      if (entry.readyNanos - nowNanos <= 0) {
        best = Math.max(best, commonPrefix(entry.tokens, units));
      }
    }
    return (int) units.subList(0, Math.max(0, Math.min(best, units.size() - 1))).stream()
        .filter(unit -> !unit.startsWith("\u0000"))
        .count();
  }

  /** Keeps {@code tokens}, cached from {@code readyNanos} on (when their prefill ends). */
  synchronized void store(List<String> tokens, long readyNanos) {
    entries.addFirst(new Entry(List.copyOf(tokens), readyNanos));
    while (entries.size() > CAPACITY) {
      entries.removeLast();
    }
  }

  private static int commonPrefix(List<String> a, List<String> b) {
    int n = Math.min(a.size(), b.size());
    int i = 0;
    while (i < n && a.get(i).equals(b.get(i))) {
      i++;
    }
    return i;
  }
}
