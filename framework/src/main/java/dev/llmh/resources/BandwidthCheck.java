package dev.llmh.resources;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * The physics check of a decode rate (issue 14 point 5): generating one token of one stream reads
 * every weight once, so a decode rate of {@code r} tok/s with {@code m} bytes of weights needs
 * {@code r × m} bytes/s of memory traffic, and no machine decodes faster than its memory bandwidth
 * allows. A rate above that ceiling is a measurement or reporting error (a 620 tok/s claimed for a
 * model whose weights that machine's memory could feed only a third as fast, say).
 *
 * <p>The rate to check is the decode rate <em>per stream</em> (1 / TPOT, e.g. its median), not the
 * throughput summed over concurrent streams: a batched decode step reads the weights once for every
 * sequence in the batch and gives each one token, so the weight traffic follows the step rate, which
 * is the per-stream rate. The weights' bytes are counted per tensor where the header is known
 * ({@code DecodeBytes}): the token-embedding matrix, of which a step reads one row, counts as that row,
 * so the figure is no more than a step reads. The KV cache a step also reads only adds traffic, so
 * leaving it out keeps the ceiling conservative: a flagged rate is implausible for certain, an
 * unflagged one is not proven. The bandwidth is that of the memory the weights sit in: a GPU's VRAM
 * for a server on a GPU, this machine's DRAM otherwise ({@link ServingMemory}). A size taken whole (a
 * file's, Ollama's {@code /api/tags}) includes the embedding matrix and is no longer conservative:
 * the record says which rule counted its bytes.
 *
 * <p>Caveats, where a real rate can pass the ceiling or the model bytes overstate the traffic: weights
 * small enough to stay in the CPU caches (the embedded {@code tiny} model: its decode reads cache,
 * not memory); a mixture-of-experts model, which reads only its active experts (declare their bytes
 * with {@code llmh.model.bytes}); speculative decoding, which accepts several tokens per read of the
 * weights; weights split over several devices each with its own bandwidth. Pure: no I/O.
 */
public final class BandwidthCheck {

  private static final String[] UNITS = {"B", "KB", "MB", "GB", "TB", "PB"};

  private BandwidthCheck() {}

  /**
   * Checks {@code decodeRate} (tok/s per stream; null or not above zero when not measured) against
   * {@code inputs}: the implied traffic and its share of the bandwidth, the flag's text above 100%,
   * or why there is no figure.
   */
  public static PhysicsRecord check(PhysicsInputs inputs, Double decodeRate) {
    boolean rated = decodeRate != null && decodeRate > 0 && Double.isFinite(decodeRate);
    Double implied = rated && inputs.modelBytes() != null ? decodeRate * inputs.modelBytes() : null;
    String notMeasured = inputs.notMeasured();
    if (!rated) {
      String noRate = "no decode rate: no request generated two or more tokens";
      notMeasured = notMeasured == null ? noRate : noRate + "; " + notMeasured;
    }
    Double use = null;
    String implausible = null;
    if (notMeasured == null) {
      use = 100.0 * implied / inputs.memoryBandwidth();
      implausible = use > 100.0 ? implausible(decodeRate, inputs.modelBytes(), implied, inputs.memoryBandwidth()) : null;
    }
    return new PhysicsRecord(rated ? decodeRate : null, inputs.modelBytes(), inputs.modelBytesSource(), implied,
        inputs.memoryBandwidth(), inputs.bandwidthSource(), use, implausible, notMeasured, inputs.modelBytesRule(),
        inputs.bandwidthMemory());
  }

  /**
   * {@code implausible: 620 tok/s × 4.7 GB = 2.9 TB/s exceeds 0.9 TB/s memory bandwidth}: decimal
   * units, the two traffic figures in the unit of the larger one so they read side by side, each
   * given to as many digits as it takes for them not to read equal.
   */
  static String implausible(double rate, long modelBytes, double implied, double bandwidth) {
    int unit = unit(implied);
    double scale = Math.pow(1000, unit);
    String impliedText = number(implied / scale, 2);
    String bandwidthText = number(bandwidth / scale, 2);
    for (int digits = 3; impliedText.equals(bandwidthText) && digits <= 8; digits++) {
      impliedText = number(implied / scale, digits);
      bandwidthText = number(bandwidth / scale, digits);
    }
    int bytesUnit = unit(modelBytes);
    return "implausible: " + number(rate, 2) + " tok/s × " + number(modelBytes / Math.pow(1000, bytesUnit), 2) + " "
        + UNITS[bytesUnit] + " = " + impliedText + " " + UNITS[unit] + "/s exceeds " + bandwidthText + " " + UNITS[unit]
        + "/s memory bandwidth";
  }

  /** The largest decimal unit in which {@code value} is at least 1. */
  private static int unit(double value) {
    int unit = 0;
    while (unit < UNITS.length - 1 && value >= Math.pow(1000, unit + 1)) {
      unit++;
    }
    return unit;
  }

  /**
   * {@code value} to {@code digits} significant digits, but from 10 on with no more than one
   * decimal while {@code digits} is at most 3 ({@code 620}, {@code 23.1}, {@code 4.7}, {@code 0.9});
   * trailing zeros dropped.
   */
  static String number(double value, int digits) {
    BigDecimal exact = new BigDecimal(value);
    BigDecimal rounded = digits <= 3 && value >= 100 ? exact.setScale(0, RoundingMode.HALF_EVEN)
        : digits <= 3 && value >= 10 ? exact.setScale(1, RoundingMode.HALF_EVEN)
        : exact.round(new MathContext(digits, RoundingMode.HALF_EVEN));
    return rounded.stripTrailingZeros().toPlainString();
  }
}
