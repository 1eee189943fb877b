package dev.llmh.synthetic;

import java.util.List;

/**
 * The text of a synthetic prompt: the instruction, then {@code words} common English words. Each
 * word is one token for most tokenizers (a space and a frequent word: GPT, Llama, Qwen, SentencePiece
 * models, the embedded model, the simulator); calibration finds how many a server really needs.
 * The words follow a fixed pseudo-random order, so a text of {@code n + 1} words is the text of
 * {@code n} words and one more: the server's count never falls as words are added.
 */
public final class Filler {
  /** Frequent nouns, each one token in the vocabularies named above (and in the embedded model's). */
  static final List<String> WORDS = List.of(
      "time", "way", "water", "people", "work", "place", "year", "day", "number", "sound", "word", "line", "name",
      "hand", "house", "world", "city", "tree", "story", "river", "music", "paper", "group", "light", "point", "land",
      "home", "school", "country", "food", "night", "life", "car", "farm", "sea", "sun", "earth", "head", "page",
      "picture", "animal", "mother", "father", "children", "letter", "mile", "air", "side", "man", "kind", "part",
      "form", "sentence", "change", "state", "plant", "cover", "study", "example", "eye", "end", "start", "turn",
      "the");

  private Filler() {}

  /** {@code instruction} (when given), a blank line, and {@code words} filler words separated by spaces. */
  public static String text(String instruction, int words) {
    StringBuilder text = new StringBuilder(words * 7 + 64);
    if (instruction != null && !instruction.isEmpty()) {
      text.append(instruction).append("\n\n");
    }
    for (int i = 0; i < words; i++) {
      if (i > 0) {
        text.append(' ');
      }
      text.append(word(i));
    }
    return text.toString();
  }

  /** Word {@code i} of the fixed order. */
  static String word(int i) {
    long z = (i + 1) * 0x9E3779B97F4A7C15L;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    z ^= z >>> 31;
    return WORDS.get((int) Math.floorMod(z, (long) WORDS.size()));
  }
}
