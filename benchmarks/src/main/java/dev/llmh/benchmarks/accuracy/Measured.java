package dev.llmh.benchmarks.accuracy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One run of one setting, scored: every measured sample of the results file paired with the
 * server's record of the same request (the sample's {@code prompt_tokens} is the server's request
 * number), and the errors client − server.
 *
 * <ul>
 *   <li>TTFT error per request: client {@code ttft_ms} − (first answer chunk's send − arrival).
 *   <li>Inter-chunk error per consecutive pair k−1, k: (client {@code chunk_ms[k] − chunk_ms[k−1]}) −
 *       (server send k − send k−1).
 * </ul>
 *
 * @param pairs measured samples paired with a served request
 * @param unpaired measured samples that failed, named no served request, or whose chunk count
 *     differs from the server's (left out of the errors)
 * @param ttftErrorsMs signed, one per pair
 * @param gapErrorsMs signed, one per consecutive chunk pair
 * @param serverLateMs for every chunk of the paired requests, how late the server sent it against
 *     its own schedule (slot + TTFT + k × ITL): how precise the ground truth was, not an error of
 *     the harness (the errors compare with actual send times)
 * @param streamedTokens content chunks the server sent in the whole run (warm-up included), one
 *     token each
 * @param harnessCpu the harness's CPU per chunk as the results file records it
 * @param javaVersion the harness JVM's version as the results file records it
 */
public record Measured(
    int pairs, int unpaired, double[] ttftErrorsMs, double[] gapErrorsMs, double[] serverLateMs, long streamedTokens,
    HarnessCpu harnessCpu, String javaVersion) {

  /**
   * The harness's CPU time per streamed chunk, in µs.
   *
   * @param usPerChunk the results file's {@code harness.cpuUsPerChunk}, or null when the framework
   *     does not record it
   * @param processUsPerChunk its {@code harness.processCpuUsPerChunk} (the whole JVM while requests
   *     were in flight), or null when not recorded
   */
  public record HarnessCpu(Double usPerChunk, Double processUsPerChunk) {}

  private record Served(long arrival, long slot, int reasoningChunks, long[] chunkNanos) {
    long firstAnswer() {
      return chunkNanos[reasoningChunks];
    }
  }

  /** Scores the run from the server's log and the harness's {@code latest.json}. */
  public static Measured score(Path servedLog, Path resultsFile, Setting setting) throws IOException {
    long firstNanos = setting.ttftMs() * 1_000_000L;
    long gapNanos = Math.round(setting.itlMs() * 1e6);
    ObjectMapper mapper = new ObjectMapper();
    Map<Long, Served> served = new HashMap<>();
    long streamedTokens = 0;
    for (String line : Files.readAllLines(servedLog)) {
      if (line.isBlank()) {
        continue;
      }
      JsonNode r = mapper.readTree(line);
      JsonNode times = r.path("times"); // ServedRequest as Jackson writes it: its nested records by name
      JsonNode chunks = times.get("contentChunkNanos");
      long[] nanos = new long[chunks.size()];
      for (int k = 0; k < nanos.length; k++) {
        nanos[k] = chunks.get(k).asLong();
      }
      streamedTokens += nanos.length;
      served.put(r.get("requestNumber").asLong(),
          new Served(times.get("arrivalNanos").asLong(), times.get("slotAcquiredNanos").asLong(),
              r.path("outcome").get("reasoningChunks").asInt(),
              nanos));
    }

    JsonNode record = mapper.readTree(resultsFile.toFile());
    JsonNode results = record.get("results");
    if (results.size() != 1) {
      throw new IllegalStateException("expected one case in " + resultsFile + ", found " + results.size());
    }
    JsonNode result = results.get(0);
    HarnessCpu harnessCpu = new HarnessCpu(
        number(result.path("harness").path("cpuUsPerChunk")), number(result.path("harness").path("processCpuUsPerChunk")));

    List<Double> ttft = new ArrayList<>();
    List<Double> gaps = new ArrayList<>();
    List<Double> late = new ArrayList<>();
    int unpaired = 0;
    for (JsonNode sample : result.get("samples")) {
      Served truth = sample.path("prompt_tokens").isNumber() ? served.get(sample.get("prompt_tokens").asLong()) : null;
      JsonNode chunkMs = sample.path("chunk_ms");
      boolean usable = truth != null && !sample.hasNonNull("error")
          && chunkMs.size() == truth.chunkNanos.length && truth.chunkNanos.length > truth.reasoningChunks;
      if (!usable) {
        unpaired++;
        continue;
      }
      ttft.add(sample.get("ttft_ms").asDouble() - ms(truth.firstAnswer() - truth.arrival));
      for (int k = 1; k < chunkMs.size(); k++) {
        double clientGap = chunkMs.get(k).asDouble() - chunkMs.get(k - 1).asDouble();
        gaps.add(clientGap - ms(truth.chunkNanos[k] - truth.chunkNanos[k - 1]));
      }
      for (int k = 0; k < truth.chunkNanos.length; k++) {
        late.add(ms(truth.chunkNanos[k] - (truth.slot + firstNanos + k * gapNanos)));
      }
    }
    String java = record.path("environment").path("javaVersion").asText("?");
    return new Measured(
        ttft.size(), unpaired, toArray(ttft), toArray(gaps), toArray(late), streamedTokens, harnessCpu, java);
  }

  public double ttftMean() {
    return Arrays.stream(ttftErrorsMs).average().orElse(Double.NaN);
  }

  public double ttftP99() {
    return percentile(sorted(ttftErrorsMs), 99);
  }

  public double ttftMax() {
    return Arrays.stream(ttftErrorsMs).max().orElse(Double.NaN);
  }

  public double gapAbsPercentile(double p) {
    return percentile(sorted(Arrays.stream(gapErrorsMs).map(Math::abs).toArray()), p);
  }

  public double gapAbsMax() {
    return Arrays.stream(gapErrorsMs).map(Math::abs).max().orElse(Double.NaN);
  }

  public double serverLatePercentile(double p) {
    return percentile(sorted(serverLateMs), p);
  }

  /** Linear interpolation between order statistics (Hyndman–Fan type 7), as the harness's own statistics. */
  static double percentile(double[] sorted, double p) {
    if (sorted.length == 0) {
      return Double.NaN;
    }
    double rank = p / 100 * (sorted.length - 1);
    int lo = (int) Math.floor(rank);
    int hi = Math.min(sorted.length - 1, lo + 1);
    return sorted[lo] + (rank - lo) * (sorted[hi] - sorted[lo]);
  }

  private static double[] sorted(double[] values) {
    double[] copy = values.clone();
    Arrays.sort(copy);
    return copy;
  }

  private static double[] toArray(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).toArray();
  }

  private static double ms(long nanos) {
    return nanos / 1e6;
  }

  private static Double number(JsonNode node) {
    return node.isNumber() ? node.asDouble() : null;
  }
}
