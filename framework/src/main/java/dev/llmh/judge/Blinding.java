package dev.llmh.judge;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * Blinding: the answers to one prompt, from every model compared, are given labels in a
 * shuffled order ({@code Answer A}, {@code Answer B}, ...) and judged in that order, so that neither a
 * model's name nor its place in the run reaches the judge. The shuffle is a
 * {@link Collections#shuffle(List, Random)} seeded with {@code seed}: the record keeps the seed and
 * every answer's label, from which the order can be recovered.
 */
public final class Blinding {
  private Blinding() {}

  /**
   * The judging order: position {@code k} holds the index (into the group's answers, in run order)
   * of the answer judged k-th, labelled {@link #label(int) label(k)}.
   */
  public static List<Integer> order(int answers, long seed) {
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < answers; i++) {
      order.add(i);
    }
    Collections.shuffle(order, new Random(seed));
    return order;
  }

  /** {@code Answer A} ... {@code Answer Z}, {@code Answer AA}, ...: spreadsheet column letters. */
  public static String label(int position) {
    StringBuilder letters = new StringBuilder();
    for (int n = position + 1; n > 0; n = (n - 1) / 26) {
      letters.insert(0, (char) ('A' + (n - 1) % 26));
    }
    return "Answer " + letters;
  }

  /** The position a label stands for: the inverse of {@link #label(int)}. */
  public static int position(String label) {
    String letters = label.substring("Answer ".length());
    int n = 0;
    for (char c : letters.toCharArray()) {
      n = n * 26 + (c - 'A' + 1);
    }
    return n - 1;
  }
}
