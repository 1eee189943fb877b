package dev.llmh.judge;

import dev.llmh.constraint.ConstraintExpression;
import dev.llmh.stats.Interval;
import dev.llmh.stats.MetricSample;
import dev.llmh.verdict.ConstraintResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** A case's judged answers summed up: its {@code judge} record and its {@code judge_score} budgets judged. */
public final class JudgeScores {
  private JudgeScores() {}

  /**
   * @param judged what the judge made of each measured answer, in sample order
   * @param categories each answer's prompt category (null where none), in sample order
   * @param confidence the level of the recorded two-sided interval
   */
  public static JudgeRecord record(JudgeSetup setup, long seed, List<String> blindedWith, List<SampleJudge> judged,
      List<String> categories, double confidence) {
    double[] scores = scores(judged);
    Map<String, Integer> reasons = new LinkedHashMap<>();
    judged.stream().filter(j -> j.failure() != null).forEach(j -> reasons.merge(kind(j.failure()), 1, Integer::sum));
    Map<String, JudgeRecord.Category> byCategory = null;
    if (categories.stream().anyMatch(Objects::nonNull)) {
      byCategory = new LinkedHashMap<>();
      for (String category : categories.stream().filter(Objects::nonNull).distinct().toList()) {
        List<SampleJudge> of = new ArrayList<>();
        for (int i = 0; i < judged.size(); i++) {
          if (category.equals(categories.get(i))) {
            of.add(judged.get(i));
          }
        }
        double[] inCategory = scores(of);
        byCategory.put(category, new JudgeRecord.Category(inCategory.length, of.size() - inCategory.length,
            mean(inCategory), interval(inCategory, confidence)));
      }
    }
    return new JudgeRecord(setup.endpoint(), setup.model(), setup.rubric(), seed, blindedWith, scores.length,
        judged.size() - scores.length, reasons, mean(scores), interval(scores, confidence),
        scores.length == 0 ? (judged.isEmpty() ? "no measured answer" : "no answer was scored: every one is a judge failure")
            : null, byCategory, setup.warning());
  }

  /** Each {@code judge_score} budget of the case judged on the scores' t bounds. */
  public static List<ConstraintResult> verdicts(
      List<ConstraintExpression> constraints, List<SampleJudge> judged, double alpha) {
    double[] scores = scores(judged);
    return constraints.stream().filter(c -> c.metric().needsJudge())
        .map(c -> ScoreVerdict.judge(c, scores, judged.size() - scores.length, alpha)).toList();
  }

  static double[] scores(List<SampleJudge> judged) {
    return judged.stream().filter(j -> j.score() != null).mapToDouble(SampleJudge::score).toArray();
  }

  /** The reason's kind, what comes before its first colon: {@code unparseable judge reply}, {@code judge request failed}. */
  static String kind(String failure) {
    int colon = failure.indexOf(':');
    return colon < 0 ? failure : failure.substring(0, colon);
  }

  private static Double mean(double[] scores) {
    return scores.length == 0 ? null : java.util.Arrays.stream(scores).average().orElseThrow();
  }

  private static List<Double> interval(double[] scores, double confidence) {
    if (scores.length == 0) {
      return null;
    }
    Interval ci = ScoreVerdict.onScale(MetricSample.meanInterval(scores, (1 - confidence) / 2));
    return ci.asList();
  }
}
