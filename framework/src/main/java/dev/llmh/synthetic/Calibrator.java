package dev.llmh.synthetic;

import dev.llmh.measure.RequestSample;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Finds how many filler words make a prompt of the target length as the server counts it, without
 * knowing the server's tokenizer or chat template: it sends the text with a guessed number of words
 * (one output token, unmeasured), reads the server's count ({@code usage.prompt_tokens}, Ollama's
 * {@code prompt_eval_count}), and moves the guess along the line through the last two counts until the
 * count is the target, no closer count can be had, or {@link #MAX_REQUESTS} were sent. A count that
 * stops growing as words are added is the server's context: the prompt is being truncated.
 */
public final class Calibrator {
  /** The most calibration requests for one case. */
  public static final int MAX_REQUESTS = 8;

  /**
   * Tokens the unique marker, the chat template and a short instruction are guessed to take before
   * the first count says how many they take.
   */
  static final int FIRST_GUESS_OVERHEAD = 16;

  /** How a calibration ended. */
  public enum Outcome {
    /** The prompt is within tolerance of the target. */
    CALIBRATED,
    /** The server's count stopped growing below the target: its context truncates the prompt. */
    TRUNCATED,
    /** A calibration request failed, the server gave no count, or no number of words reached the target. */
    FAILED
  }

  /**
   * @param words the filler words of the prompt chosen (of the closest count when not calibrated)
   * @param context for {@link Outcome#TRUNCATED}, the most tokens the server counted: its context
   */
  public record Result(Outcome outcome, CalibrationRecord record, int words, Integer context) {
    public boolean calibrated() {
      return outcome == Outcome.CALIBRATED;
    }

    public String text(String instruction) {
      return Filler.text(instruction, words);
    }
  }

  private Calibrator() {}

  /**
   * Calibrates a prompt of {@code target} tokens.
   *
   * @param hint a number of words that came close before (the same target on the same endpoint), or null
   * @param probe sends the text (marker applied by the caller) with one output token and returns what came back
   */
  public static Result calibrate(int target, String instruction, Integer hint, Function<String, RequestSample> probe) {
    int tolerance = Tolerance.of(target);
    List<CalibrationRecord.Request> sent = new ArrayList<>();
    List<int[]> points = new ArrayList<>(); // {words, count}
    int instructionWords = instruction == null ? 0 : instruction.split("\\s+").length;
    int words = hint != null ? hint : Math.max(1, target - FIRST_GUESS_OVERHEAD - instructionWords);
    int[] best = null;
    while (sent.size() < MAX_REQUESTS) {
      RequestSample sample = probe.apply(Filler.text(instruction, words));
      Integer count = sample.tokens().promptTokens();
      double ms = (sample.timing().endNanos() - sample.timing().startNanos()) / 1e6;
      sent.add(new CalibrationRecord.Request(words, count, ms, sample.error()));
      if (sample.error() != null) {
        return failed(target, tolerance, sent, best, "calibration request " + sent.size() + " (" + words
            + " filler words) failed: " + sample.error());
      }
      if (count == null) {
        return failed(target, tolerance, sent, best, "the server reported no prompt token count (usage.prompt_tokens,"
            + " Ollama's prompt_eval_count), which @SyntheticPrompt needs to make a prompt of " + target + " of its tokens;"
            + " use a server that reports usage when streaming (vLLM, llama.cpp, Ollama; an OpenAI-compatible server"
            + " must honour stream_options.include_usage), or write the prompt yourself with @Prompt");
      }
      int[] point = {words, count};
      points.add(point);
      if (best == null || Math.abs(count - target) < Math.abs(best[1] - target)) {
        best = point;
      }
      if (count == target) {
        break;
      }
      double slope = 1.0;
      if (points.size() >= 2) {
        int[] previous = points.get(points.size() - 2);
        if (previous[0] != words) {
          slope = (double) (count - previous[1]) / (words - previous[0]);
          if (slope < 0.05 && count < target && previous[1] < target) {
            int context = Math.max(count, previous[1]);
            return new Result(Outcome.TRUNCATED, record(target, tolerance, null, null, sent,
                "the server counts at most " + context + " prompt tokens however long the prompt is: it truncates"
                    + " prompts to its context"), best[0], context);
          }
        }
      }
      int next = Math.max(1, words + (int) Math.round((target - count) / Math.max(slope, 0.05)));
      if (next == words || tried(points, next)) {
        break; // no number of words gets closer
      }
      if (words == 1 && next == 1) {
        break;
      }
      words = next;
    }
    return closest(target, tolerance, sent, best);
  }

  /** The search is over: calibrated when the closest count is within the tolerance, else why not. */
  private static Result closest(int target, int tolerance, List<CalibrationRecord.Request> sent, int[] best) {
    if (Math.abs(best[1] - target) <= tolerance) {
      return new Result(Outcome.CALIBRATED, record(target, tolerance, best[0], best[1], sent, null), best[0], null);
    }
    String why = best[0] == 1 && best[1] > target
        ? "the instruction, the unique marker and the chat template alone take " + best[1] + " tokens, more than the"
            + " target; raise the length or shorten the instruction"
        : "after " + sent.size() + " calibration requests the closest count was " + best[1] + " tokens ("
            + best[0] + " filler words), outside " + target + " ± " + tolerance;
    return failed(target, tolerance, sent, best, why);
  }

  private static boolean tried(List<int[]> points, int words) {
    return points.stream().anyMatch(p -> p[0] == words);
  }

  private static Result failed(int target, int tolerance, List<CalibrationRecord.Request> sent, int[] best, String why) {
    return new Result(Outcome.FAILED, record(target, tolerance, null, null, sent, why), best == null ? 1 : best[0], null);
  }

  private static CalibrationRecord record(
      int target, int tolerance, Integer words, Integer count, List<CalibrationRecord.Request> sent, String error) {
    return new CalibrationRecord(target, tolerance, words, count, sent, error);
  }
}
