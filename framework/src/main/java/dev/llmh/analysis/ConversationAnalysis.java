package dev.llmh.analysis;

import dev.llmh.analysis.ConversationResult.ContextFit;
import dev.llmh.measure.RequestMetrics;
import dev.llmh.measure.RequestSample;
import dev.llmh.stats.LinearFit;
import dev.llmh.stats.Summary;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * A conversation case's own figures, from its measured requests, each with its turn index: the
 * conversation counts, each turn's medians and the fit of TPOT against context tokens. The pooled
 * metrics and the budgets are the case analysis's, over every turn's request alike.
 */
public final class ConversationAnalysis {
  private ConversationAnalysis() {}

  /** One request as the conversation figures read it; a time that could not be taken is null. */
  private record Turned(int turn, String error, Integer promptTokens, Double ttftMs, Double tpotMs) {
    static Turned of(RequestSample sample, int turn) {
      RequestMetrics m = RequestMetrics.of(sample);
      return new Turned(turn, sample.error(), sample.tokens().promptTokens(), finite(m.latency().ttftMs()),
          finite(m.latency().tpotMs()));
    }

    private static Double finite(double value) {
      return Double.isFinite(value) ? value : null;
    }
  }

  /**
   * @param samples the case's requests in order
   * @param turnOf each request's turn index within its conversation, in the same order
   */
  public static ConversationResult of(int turns, List<RequestSample> samples, List<Integer> turnOf) {
    List<Turned> requests = new ArrayList<>(samples.size());
    for (int i = 0; i < samples.size(); i++) {
      requests.add(Turned.of(samples.get(i), turnOf.get(i)));
    }
    int measured = (int) requests.stream().filter(s -> s.turn() == 1).count();
    // A failed turn ends its conversation, so each failed conversation has exactly one failed request.
    int failed = (int) requests.stream().filter(s -> s.error() != null).count();
    List<ConversationResult.Turn> perTurn = new ArrayList<>();
    for (int turn = 1; turn <= turns; turn++) {
      int t = turn;
      List<Turned> ok = requests.stream().filter(s -> s.turn() == t && s.error() == null).toList();
      perTurn.add(new ConversationResult.Turn(turn, ok.size(), median(ok, s -> s.promptTokens() == null ? null : s.promptTokens().doubleValue()),
          median(ok, Turned::ttftMs), median(ok, Turned::tpotMs)));
    }
    return new ConversationResult(new ConversationResult.Counts(turns, measured, measured - failed, failed), perTurn, fit(requests));
  }

  private static ContextFit fit(List<Turned> samples) {
    List<Turned> points = samples.stream()
        .filter(s -> s.error() == null && s.promptTokens() != null && s.tpotMs() != null)
        .toList();
    if (samples.stream().noneMatch(s -> s.error() == null && s.promptTokens() != null)) {
      return ContextFit.notMeasured("the server reported no prompt token counts, so the context of each turn is unknown");
    }
    double[] x = points.stream().mapToDouble(s -> s.promptTokens()).toArray();
    double[] y = points.stream().mapToDouble(Turned::tpotMs).toArray();
    Optional<LinearFit> fit = LinearFit.of(x, y);
    if (fit.isEmpty()) {
      return ContextFit.notMeasured(points.size() + " turn(s) with a prompt token count and a TPOT (2 or more output tokens),"
          + " at fewer than 2 distinct context lengths: a line needs 3 points at 2 lengths or more");
    }
    LinearFit f = fit.get();
    return new ContextFit(ContextFit.X, ContextFit.Y, f.n(), f.slope(), f.intercept(), f.r2(), List.of(f.slopeLow(), f.slopeHigh()), null);
  }

  private static Double median(List<Turned> samples, Function<Turned, Double> value) {
    double[] values = samples.stream().map(value).filter(Objects::nonNull).mapToDouble(Double::doubleValue).toArray();
    return values.length == 0 ? null : Summary.of(values).order().p50();
  }
}
