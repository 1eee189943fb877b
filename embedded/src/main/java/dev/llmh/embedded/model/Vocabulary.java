package dev.llmh.embedded.model;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A SentencePiece-style ("llama") vocabulary for llama.cpp's SPM tokenizer: control tokens, byte
 * fallback {@code <0x00>..<0xFF>}, single characters, and whole-word pieces with the {@code ▁}
 * (U+2581) space marker.
 *
 * <p>llama.cpp's SPM tokenizer starts from single characters and repeatedly merges the adjacent pair
 * whose concatenation is a token with the highest score. A word becomes one token only if every
 * step on the way is a token too, so each word enters the vocabulary with all its prefixes
 * ({@code ▁w}, {@code ▁wo}, {@code ▁wor}, {@code ▁word}): the leftmost symbol of a word is then
 * always a prefix, and merging it with its right neighbour always gives a longer prefix, whatever
 * order the merges happen in. No piece except {@code ▁} itself carries the marker anywhere but at its
 * start, so merges never cross a word boundary. Unknown words fall apart into prefixes, common
 * suffixes, characters, and (for characters outside the vocabulary) bytes.
 *
 * <p>The words come from {@code words.txt} next to this class: about 1,800 common English words and
 * the vocabulary of LLM benchmarking, hand-written, most frequent first. Words enter in that order
 * (each with all its prefixes, or not at all) until the size target is reached: first the lower-case
 * form after a space for every word, then capitalised forms and forms without a leading space (the
 * first word of a message follows a newline, not a space) for the most common words.
 *
 * <p>The tokenizer is configured without an automatic leading space and without BOS, so the
 * generated text {@code " one two"} re-tokenizes to exactly the two tokens that produced it.
 */
public final class Vocabulary {

  /** Space marker of SentencePiece. */
  public static final String SPACE = "\u2581";

  public static final int UNK = 0;
  public static final int BOS = 1;
  public static final int EOS = 2;
  public static final int IM_START = 3;
  public static final int IM_END = 4;
  public static final int FIRST_BYTE = 5;
  static final int FIRST_PIECE = FIRST_BYTE + 256;

  /** Smallest size target: controls, bytes and single characters. */
  public static final int MIN_SIZE = 512;

  /** llama.cpp token types. */
  public static final int TYPE_NORMAL = 1;
  public static final int TYPE_UNKNOWN = 2;
  public static final int TYPE_CONTROL = 3;
  public static final int TYPE_BYTE = 6;

  /** Words whose capitalised and space-less forms enter early: sentence starters. */
  private static final int COMMON_WORDS = 400;

  private static final String PUNCTUATION = ".,;:!?'\"()[]{}-_/\\*&%$#@+=<>~`|^";
  private static final String[] SUFFIXES = {
    "s", "es", "ed", "ing", "er", "ers", "ly", "tion", "tions", "ment", "ments", "ness", "al", "ity",
    "ies", "est", "able", "ful", "less", "ise", "ize", "ised", "ized", "ising", "izing", "ic", "ous", "ive"
  };

  private final List<String> tokens;
  private final float[] scores;
  private final int[] types;
  private final BitSet words;

  private Vocabulary(List<String> tokens, float[] scores, int[] types, BitSet words) {
    this.tokens = tokens;
    this.scores = scores;
    this.types = types;
    this.words = words;
  }

  /** The vocabulary for a size target; the same target always gives the same vocabulary. */
  public static Vocabulary build(int target) {
    return build(target, words());
  }

  /**
   * The vocabulary for a size target from {@code list}, most frequent word first, instead of the
   * shipped word list: a trained model's own words.
   */
  public static Vocabulary build(int target, List<String> list) {
    if (target < MIN_SIZE) {
      throw new IllegalArgumentException("vocabulary target must be at least " + MIN_SIZE + ": " + target);
    }
    List<String> tokens = new ArrayList<>(target);
    tokens.add("<unk>");
    tokens.add("<s>");
    tokens.add("</s>");
    tokens.add("<|im_start|>");
    tokens.add("<|im_end|>");
    for (int b = 0; b < 256; b++) {
      tokens.add(String.format(Locale.ROOT, "<0x%02X>", b));
    }
    tokens.addAll(pieces(list, target - tokens.size()));

    int n = tokens.size();
    float[] scores = new float[n];
    int[] types = new int[n];
    types[UNK] = TYPE_UNKNOWN;
    for (int id = BOS; id <= IM_END; id++) {
      types[id] = TYPE_CONTROL;
    }
    for (int id = FIRST_BYTE; id < FIRST_PIECE; id++) {
      types[id] = TYPE_BYTE;
    }
    Set<String> wordPieces = new java.util.HashSet<>();
    for (String w : list) {
      wordPieces.add(SPACE + w);
    }
    BitSet words = new BitSet(n);
    for (int id = FIRST_PIECE; id < n; id++) {
      types[id] = TYPE_NORMAL;
      // Earlier pieces win ties of the merge order; the value only ranks merges.
      scores[id] = -(id - FIRST_PIECE);
      if (wordPieces.contains(tokens.get(id)) && tokens.get(id).length() > 1) {
        words.set(id);
      }
    }
    return new Vocabulary(Collections.unmodifiableList(tokens), scores, types, words);
  }

  /**
   * The pieces after the controls and bytes: single characters, then suffixes and the words of
   * {@code list} in the order the class comment gives, each with all its prefixes while they fit in
   * {@code room}.
   */
  private static Set<String> pieces(List<String> list, int room) {
    Set<String> pieces = new LinkedHashSet<>();
    pieces.add(SPACE);
    for (char c = 'a'; c <= 'z'; c++) {
      pieces.add(String.valueOf(c));
    }
    for (char c = 'A'; c <= 'Z'; c++) {
      pieces.add(String.valueOf(c));
    }
    for (char c = '0'; c <= '9'; c++) {
      pieces.add(String.valueOf(c));
      pieces.add(SPACE + c);
    }
    for (char c : PUNCTUATION.toCharArray()) {
      pieces.add(String.valueOf(c));
    }
    for (char c : "(\"'-[{<*#$".toCharArray()) {
      pieces.add(SPACE + c);
    }
    for (String suffix : SUFFIXES) {
      addWithPrefixes(pieces, "", suffix, room);
    }
    // Lower case after a space: the bulk of running text.
    for (int i = 0; i < list.size(); i++) {
      addWithPrefixes(pieces, SPACE, list.get(i), room);
      if (i < COMMON_WORDS) {
        addWithPrefixes(pieces, SPACE, capitalise(list.get(i)), room);
        addWithPrefixes(pieces, "", capitalise(list.get(i)), room);
        addWithPrefixes(pieces, "", list.get(i), room);
      }
    }
    for (int i = COMMON_WORDS; i < list.size(); i++) {
      addWithPrefixes(pieces, SPACE, capitalise(list.get(i)), room);
    }
    for (int i = COMMON_WORDS; i < list.size(); i++) {
      addWithPrefixes(pieces, "", capitalise(list.get(i)), room);
      addWithPrefixes(pieces, "", list.get(i), room);
    }
    return pieces;
  }

  private static void addWithPrefixes(Set<String> pieces, String marker, String word, int room) {
    String full = marker + word;
    List<String> missing = new ArrayList<>();
    for (int end = 1; end <= full.length(); end++) {
      String prefix = full.substring(0, end);
      if (!pieces.contains(prefix)) {
        missing.add(prefix);
      }
    }
    if (pieces.size() + missing.size() <= room) {
      pieces.addAll(missing);
    }
  }

  private static String capitalise(String word) {
    return word.isEmpty() ? word : Character.toUpperCase(word.charAt(0)) + word.substring(1);
  }

  /** The word list shipped in the jar, most frequent first. */
  public static List<String> words() {
    try (InputStream in = Vocabulary.class.getResourceAsStream("words.txt")) {
      if (in == null) {
        throw new IllegalStateException("words.txt missing next to " + Vocabulary.class.getName());
      }
      BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      List<String> list = new ArrayList<>();
      for (String line = reader.readLine(); line != null; line = reader.readLine()) {
        String word = line.strip();
        if (!word.isEmpty() && !word.startsWith("#")) {
          list.add(word);
        }
      }
      return List.copyOf(list);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public int size() {
    return tokens.size();
  }

  /** Token texts by id. */
  public List<String> tokens() {
    return tokens;
  }

  /** Merge scores by id (a copy). */
  public float[] scores() {
    return scores.clone();
  }

  /** llama.cpp token types by id (a copy). */
  public int[] types() {
    return types.clone();
  }

  /** Whether {@code id} is a whole lower-case word after a space: what generation may emit. */
  public boolean isWord(int id) {
    return words.get(id);
  }

  /** Number of whole-word tokens generation may emit. */
  public int wordCount() {
    return words.cardinality();
  }
}
