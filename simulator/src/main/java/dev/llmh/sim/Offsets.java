package dev.llmh.sim;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * How a client's figure for each of some requests differs from the simulator's record of the same
 * requests ({@link ServedRequest}): the offsets client − server, their median and their noise (the
 * interquartile range), and the rules the project's timing tests judge agreement by. Each rule's
 * tolerance is a fixed floor plus three times the noise, so that it follows what the machine did to
 * these very requests, and each keeps the power to catch the error it exists for.
 *
 * <ul>
 *   <li>{@link #spanDisagreement}: a span the client times from its send to one of its reads (TTFT,
 *       E2E) against the server's from the request's arrival to the matching write. The client sends
 *       before the request arrives and reads after the write ({@link ServedRequest.Times#contentChunkNanos()}),
 *       so every offset is positive: the request's transit, which a loaded machine stretches for
 *       some requests (a burst of requests sent at once spreads it over milliseconds). A wrong instant or a chunk
 *       too many shifts every offset alike: the smallest offset, the request the machine delayed
 *       least, shows such a shift whatever the noise.</li>
 *   <li>{@link #gapDisagreement}: a gap between two reads (ITL, TPOT) against the server's between
 *       the two writes: the transit of both reads cancels, so the offsets centre on zero.</li>
 *   <li>{@link #lateDisagreement}: the simulator's own sends against its schedule (record − plan):
 *       how late each wake-up was, never negative. A loaded machine makes some wake-ups late by a
 *       scheduler slice; a delay in the schedule itself (a chunk gap too many) makes every one late,
 *       so again the smallest offset shows it whatever the noise.</li>
 * </ul>
 */
public final class Offsets {
  /**
   * Floor for a span from a send to a read, in ms: the transit such an offset always carries, one
   * loopback send and one read, each a thread wake-up that a busy core can delay by a scheduler
   * slice (a few ms); tenths of a ms on an idle machine.
   */
  public static final double SPAN_FLOOR_MS = 5.0;
  /** Floor for a gap between two reads, in ms: both reads carry the same transit, which cancels. */
  public static final double GAP_FLOOR_MS = 1.0;

  private final String what;
  private final double[] sorted;

  private Offsets(String what, double[] offsets) {
    this.what = what;
    this.sorted = offsets.clone();
    Arrays.sort(sorted);
  }

  /** {@code client.get(i) − server.get(i)} for every request i. */
  public static Offsets of(String what, List<Double> client, List<Double> server) {
    if (client.size() != server.size() || client.isEmpty()) {
      throw new IllegalArgumentException(what + ": " + client.size() + " client figures, " + server.size() + " server figures");
    }
    double[] offsets = new double[client.size()];
    for (int i = 0; i < offsets.length; i++) {
      offsets[i] = client.get(i) - server.get(i);
    }
    return new Offsets(what, offsets);
  }

  public double min() {
    return sorted[0];
  }

  public double max() {
    return sorted[sorted.length - 1];
  }

  public double median() {
    return quantile(0.5);
  }

  /** The interquartile range of the offsets. */
  public double noise() {
    return quantile(0.75) - quantile(0.25);
  }

  /** {@code floor + 3 × noise}. */
  public double tolerance(double floor) {
    return floor + 3 * noise();
  }

  /**
   * Why these offsets of spans from a send to a read show a disagreement, or null when they show
   * none: every offset must be positive, the smallest within the floor (a shift every request
   * shares), and the median within {@code floor + 3 × noise} (an error most requests carry). The
   * floor is {@link #SPAN_FLOOR_MS} or half of {@code error}, the smallest error the comparison exists
   * to catch (a chunk gap, for a chunk too many or held back), whichever is more: a shift by the
   * error then always clears it, while a machine busy enough to delay every read by a few ms does
   * not fail a comparison that exists to catch tens.
   */
  public String spanDisagreement(double error) {
    if (!(error > 0)) {
      throw new IllegalArgumentException(what + ": no error to catch (" + error + ")");
    }
    double floor = Math.max(SPAN_FLOOR_MS, error / 2);
    if (!(min() > 0)) {
      return this + ": a client span shorter than the server's";
    }
    if (min() > floor) {
      return String.format(Locale.ROOT, "%s: every offset beyond the floor %.3f", this, floor);
    }
    return medianBeyond(tolerance(floor));
  }

  /**
   * The median over these requests of the server's gap between content chunks, in ms (each
   * request's span from its first to its last chunk over its gaps): the error a chunk too many, or
   * one held back, makes; where no request wrote two chunks, twice {@link #SPAN_FLOOR_MS}, which
   * leaves a span comparison's floor as it is.
   */
  public static double chunkGapMs(List<ServedRequest> requests) {
    double[] gaps = requests.stream().map(r -> r.times().contentChunkNanos()).filter(c -> c.size() >= 2)
        .mapToDouble(c -> (c.get(c.size() - 1) - c.get(0)) / 1e6 / (c.size() - 1)).sorted().toArray();
    return gaps.length == 0 ? 2 * SPAN_FLOOR_MS : new Offsets("gaps", gaps).median();
  }

  /**
   * Why these offsets of gaps between two reads show a disagreement, or null when they show none:
   * the tolerance {@code floor + 3 × noise} must be below {@code error}, the smallest error the
   * comparison exists to catch (else this machine was too noisy to tell), and the median within it
   * of zero.
   */
  public String gapDisagreement(double floor, double error) {
    double tolerance = tolerance(floor);
    if (!(tolerance < error)) {
      return String.format(Locale.ROOT, "%s: tolerance %.3f too noisy to catch an error of %.3f", this, tolerance, error);
    }
    return medianBeyond(tolerance);
  }

  /**
   * Why these offsets of the server's sends from its own schedule (record − plan) show a
   * disagreement, or null when they show none: none negative (a send before its time), the
   * tolerance {@code floor + 3 × noise} below {@code error}, the smallest delay the comparison exists
   * to catch (else this machine was too noisy to tell), the smallest offset within {@code floor} (a
   * delay every send shares) and the median within the tolerance (a delay most sends carry).
   */
  public String lateDisagreement(double floor, double error) {
    if (min() < 0) {
      return this + ": a send before its planned time";
    }
    double tolerance = tolerance(floor);
    if (!(tolerance < error)) {
      return String.format(Locale.ROOT, "%s: tolerance %.3f too noisy to catch a delay of %.3f", this, tolerance, error);
    }
    if (min() > floor) {
      return String.format(Locale.ROOT, "%s: every send later than the floor %.3f", this, floor);
    }
    return medianBeyond(tolerance);
  }

  private String medianBeyond(double tolerance) {
    return Math.abs(median()) > tolerance
        ? String.format(Locale.ROOT, "%s: median offset beyond the tolerance %.3f", this, tolerance) : null;
  }

  /** Linear interpolation between order statistics (Hyndman–Fan type 7, as the harness's percentiles). */
  private double quantile(double q) {
    double h = (sorted.length - 1) * q;
    int lo = (int) Math.floor(h);
    int hi = Math.min(lo + 1, sorted.length - 1);
    return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
  }

  /** E.g. {@code ttft: median offset 0.410, noise 0.120, range [0.200, 3.100] over 6}. */
  @Override
  public String toString() {
    return String.format(Locale.ROOT, "%s: median offset %.3f, noise %.3f, range [%.3f, %.3f] over %d",
        what, median(), noise(), min(), max(), sorted.length);
  }
}
