package dev.llmh.analysis;

import dev.llmh.measure.RequestMetrics;
import dev.llmh.measure.RequestSample;
import dev.llmh.resources.PhaseSampling;
import java.util.List;

/**
 * The span the case's rates and energy are over: from the first counted request's send to the last
 * counted request's end. Counted are the requests the statistics count, so that the time, the
 * energy and the tokens divided by them are of the same requests: a failed request, or one that
 * loaded the model cold, is kept out of the span as it is kept out of the tokens. Such a request
 * running between counted ones still falls inside the span, since it overlapped the serving of them.
 */
public final class CountedSpan {
  private CountedSpan() {}

  /** A request the statistics count: it succeeded and did not include a cold model load. */
  public static boolean counted(RequestSample sample, RequestMetrics metrics) {
    return sample.succeeded() && !metrics.caveats().modelLoad();
  }

  /** The counted requests' span, or null when no request was counted. */
  public static PhaseSampling.Span of(List<RequestSample> measured) {
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    boolean any = false;
    for (RequestSample sample : measured) {
      if (counted(sample, RequestMetrics.of(sample))) {
        any = true;
        first = Math.min(first, sample.timing().startNanos());
        last = Math.max(last, sample.timing().endNanos());
      }
    }
    return any ? new PhaseSampling.Span(first, last) : null;
  }
}
