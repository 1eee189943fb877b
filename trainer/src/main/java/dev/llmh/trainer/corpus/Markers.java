package dev.llmh.trainer.corpus;

import dev.llmh.embedded.model.SplitMix;
import java.util.Locale;

/**
 * The marker LLMH puts in every request it measures ({@code dev.llmh.load.PromptMarker}: {@code
 * [8 hex digits-n]} before the user's text, or after it when the prompt cache is shared), so that no
 * server answers from a cache. A model that never saw one would be measured on text unlike any it
 * learnt from; so a share of the training questions carry one, and the answer never depends on it.
 */
final class Markers {
  /** Of every ten training questions, this many start with a marker, and this many end with one. */
  static final int BEFORE = 4;
  static final int AFTER = 2;

  private Markers() {}

  /** {@code example} with its question marked as LLMH may mark it, or as it is. */
  static Example mark(Example example, SplitMix rng) {
    int draw = rng.nextInt(10);
    if (draw >= BEFORE + AFTER) {
      return example;
    }
    String marker = String.format(Locale.ROOT, "[%08x-%d]", rng.nextLong() & 0xffffffffL, 1 + rng.nextInt(5000));
    String user = draw < BEFORE ? marker + " " + example.user() : example.user() + " " + marker;
    return new Example(example.task(), example.system(), example.tools(), user, example.answer(), example.expected());
  }
}
