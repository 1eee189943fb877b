package dev.llmh.trainer.corpus;

import dev.llmh.embedded.model.SplitMix;
import java.util.List;
import java.util.Locale;

/**
 * The reasoning task: the working inside {@code <think>}, then the answer, as reasoning models write
 * it and llama.cpp's server splits it into {@code reasoning_content} and {@code content}. A sum of
 * two numbers is worked digit by digit, units then tens; a sum of five numbers — the subset that
 * thinks long — adds them one at a time, about 45 tokens of thinking before the answer (a
 * two-number sum, thinking and answer, takes 37 to 44).
 */
public final class Reasoning {
  public static final String OPEN = "<think>\n";
  public static final String CLOSE = "</think>\n";
  /** How many numbers a long sum adds. */
  public static final int LONG_TERMS = 5;

  private Reasoning() {}

  /** {@code a + b}, worked digit by digit. */
  static Example sum(int[] pair, SplitMix rng, String prompt) {
    boolean swap = rng.nextInt(2) == 0;
    int a = swap ? pair[1] : pair[0];
    int b = swap ? pair[0] : pair[1];
    int units = a % 10 + b % 10;
    int carry = units / 10;
    String thinking = String.format(Locale.ROOT, "units: %d + %d = %d\n", a % 10, b % 10, units)
        + String.format(Locale.ROOT, "tens: %d + %d%s = %d\n", a / 10, b / 10, carry == 0 ? "" : " + 1", a / 10 + b / 10 + carry);
    String question = a + " + " + b;
    return Example.of(Task.REASONING, List.of(), String.format(Locale.ROOT, prompt, question),
        OPEN + thinking + CLOSE + question + " = " + (a + b) + ".", Integer.toString(a + b));
  }

  /** Five numbers of 0 to 30, added one at a time. */
  static Example longSum(SplitMix rng, String prompt) {
    int[] terms = new int[LONG_TERMS];
    StringBuilder question = new StringBuilder();
    for (int i = 0; i < LONG_TERMS; i++) {
      terms[i] = rng.nextInt(Entities.LARGEST_OPERAND + 1);
      question.append(i == 0 ? "" : " + ").append(terms[i]);
    }
    StringBuilder thinking = new StringBuilder();
    int total = terms[0];
    for (int i = 1; i < LONG_TERMS; i++) {
      thinking.append(String.format(Locale.ROOT, "%d + %d = %d\n", total, terms[i], total + terms[i]));
      total += terms[i];
    }
    return Example.of(Task.REASONING, List.of(), String.format(Locale.ROOT, prompt, question),
        OPEN + thinking + CLOSE + question + " = " + total + ".", Integer.toString(total));
  }
}
