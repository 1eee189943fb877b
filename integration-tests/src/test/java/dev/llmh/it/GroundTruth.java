package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.llmh.result.CaseResult;
import dev.llmh.result.MetricSummary;
import dev.llmh.result.SampleRecord;
import dev.llmh.sim.Offsets;
import dev.llmh.sim.ServedRequest;
import dev.llmh.sim.SimulatorHook;
import dev.llmh.sim.SimulatorSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Each measured request as the client recorded it, paired with the simulator's record of that same
 * request, and the checks that the two agree.
 *
 * <p><b>Pairing.</b> With {@link #TAGGED} the simulator reports its own request number as every
 * response's prompt-token count ({@code usage.prompt_tokens}, Ollama's {@code prompt_eval_count}),
 * which the client records per request: each sample names the served request it was, whatever the
 * concurrency and the order in which requests arrived. A tagged run's prompt-token counts are
 * therefore not the prompts'.
 *
 * <p><b>Agreement.</b> Per figure, the offsets client − server over the case's requests, judged by
 * {@link Offsets}: a time from the send (TTFT, TTFO, E2E) by {@link Offsets#spanDisagreement} (every
 * offset positive, the smallest within a floor of half the requests' own chunk gap, at least
 * {@link Offsets#SPAN_FLOOR_MS}, the median within that floor plus three times the offsets'
 * interquartile range); a gap between reads (ITL, TPOT) by
 * {@link Offsets#gapDisagreement} (the median within {@link Offsets#GAP_FLOOR_MS} plus three times
 * the noise of zero, a tolerance that must stay below the error the check exists to catch, else the
 * machine was too noisy to tell and the check fails saying so). A chunk counted wrong moves a span by
 * a chunk gap (25 ms or more here, against a floor of half of it) and TPOT by a gap / (N − 1); N in place of
 * N − 1 moves TPOT by TPOT / N. Case statistics must be exactly those of the requests' own figures.
 */
final class GroundTruth {
  private static final Pattern PROMPT_COUNT = Pattern.compile("(\"(?:prompt_tokens|prompt_eval_count)\":)\\d+");

  /** Stamps every response's prompt-token count with the simulator's number of the request. */
  static final SimulatorHook TAGGED = new SimulatorHook() {
    @Override
    public String interceptEvent(long requestNumber, int eventIndex, String payload) {
      return PROMPT_COUNT.matcher(payload).replaceAll("$1" + requestNumber);
    }
  };

  /** The server timing under which {@link #NUMBERED} reports the simulator's number of the request. */
  static final String REQUEST_NUMBER = "sim_request";

  /**
   * Adds the simulator's number of the request to every response event as a llama.cpp-style server
   * timing ({@code timings.sim_request}), which the client records on the request's sample and uses
   * for nothing: each sample names the served request it was while its prompt-token counts stay the
   * prompts' (for tests that need those, where {@link #TAGGED} would replace them).
   */
  static final SimulatorHook NUMBERED = new SimulatorHook() {
    @Override
    public String interceptEvent(long requestNumber, int eventIndex, String payload) {
      return payload.startsWith("{\"") ? "{\"timings\":{\"" + REQUEST_NUMBER + "\":" + requestNumber + "}," + payload.substring(1) : payload;
    }
  };

  /**
   * A simulator whose timing the test sets — no prefill, the first token {@code firstTokenMs} after a
   * request gets its slot, then {@code tokensPerSecond} — stamping its requests with {@link #TAGGED}.
   */
  static SimulatorSettings simulator(int slots, long firstTokenMs, double tokensPerSecond) {
    return SimulatorSettings.defaults().withSlots(slots).withInstantPrefill()
        .withFirstTokenDelay(Duration.ofMillis(firstTokenMs)).withDecodeTokensPerSecond(tokensPerSecond).withHook(TAGGED);
  }

  /**
   * A simulator of {@code slots} slots, each decoding {@code tokensPerSecond}, whose prefill (5,000
   * tokens a second) is too quick to matter beside the decode the test counts on.
   */
  static SimulatorSettings decoding(int slots, double tokensPerSecond) {
    return SimulatorSettings.defaults().withSlots(slots).withPrefillTokensPerSecond(5000)
        .withDecodeTokensPerSecond(tokensPerSecond);
  }

  /** One measured request: what the client recorded and what the server did. */
  record Pair(SampleRecord client, ServedRequest server) {}

  private GroundTruth() {}

  /** The case's samples, each with the served request its tag names; no two samples name the same. */
  static List<Pair> pairs(CaseResult result, List<ServedRequest> served) {
    return pairs(result, served, s -> (long) s.promptTokens());
  }

  /** The case's samples, each with the served request {@link #NUMBERED} names in its server timings. */
  static List<Pair> numberedPairs(CaseResult result, List<ServedRequest> served) {
    return pairs(result, served, s -> s.serverTimings() == null || s.serverTimings().get(REQUEST_NUMBER) == null ? null
        : s.serverTimings().get(REQUEST_NUMBER).longValue());
  }

  private static List<Pair> pairs(CaseResult result, List<ServedRequest> served, Function<SampleRecord, Long> number) {
    Map<Long, ServedRequest> byNumber = served.stream().collect(Collectors.toMap(ServedRequest::requestNumber, r -> r));
    List<Pair> pairs = result.samples().stream()
        .map(s -> new Pair(s, number.apply(s) == null ? null : byNumber.get(number.apply(s))))
        .toList();
    assertThat(pairs).as("every sample of %s names a served request", result.caseId())
        .allSatisfy(p -> assertThat(p.server()).isNotNull());
    assertThat(pairs.stream().map(p -> p.server().requestNumber()).distinct()).hasSameSizeAs(pairs);
    return pairs;
  }

  /**
   * TTFT, E2E and TPOT of every request and each of its chunk gaps against the server's record of
   * the same request, and the case's medians (ITL pooled) exactly those of its requests.
   */
  static void assertTimingsAgree(CaseResult result, List<Pair> pairs) {
    double gap = median(pairs.stream().flatMap(p -> serverGaps(p.server()).stream()).toList());
    int tokens = pairs.get(0).server().outcome().completionTokens();
    assertThat(pairs).allSatisfy(p -> assertThat(p.server().outcome().completionTokens()).isEqualTo(tokens));

    assertFromSend(result, CaseResult.TTFT, pairs, s -> s.times().ttftMs(), r -> r.times().contentChunkNanos().get(0));
    assertFromSend(result, CaseResult.E2E, pairs, s -> s.times().e2eMs(), r -> last(r.times().contentChunkNanos()));

    // TPOT divides a span by N − 1: so does its floor; the error to catch is N in place of N − 1.
    List<Double> serverTpot = pairs.stream().map(p -> serverTpot(p.server())).toList();
    assertGap(offsets(result, CaseResult.TPOT, pairs, s -> s.times().tpotMs(), GroundTruth::serverTpot),
        Offsets.GAP_FLOOR_MS / (tokens - 1), median(serverTpot) / tokens);
    assertSummarises(result, CaseResult.TPOT, pairs.stream().map(p -> p.client().times().tpotMs()).toList());

    List<Double> clientPooled = new ArrayList<>();
    List<Double> serverPooled = new ArrayList<>();
    for (Pair p : pairs) {
      List<Double> client = clientGaps(p.client());
      List<Double> server = serverGaps(p.server());
      assertThat(client).as("chunk gaps of request %s", p.server().requestNumber()).hasSameSizeAs(server);
      clientPooled.addAll(client);
      serverPooled.addAll(server);
    }
    assertGap(Offsets.of(result.caseId() + " itl", clientPooled, serverPooled), Offsets.GAP_FLOOR_MS, gap);
    assertSummarises(result, CaseResult.ITL, clientPooled);
  }

  /**
   * Each request's TPOT against the server's for the same request, by
   * {@link Offsets#gapDisagreement} (the floor one read's jitter over N − 1 gaps; the error to catch N
   * in place of N − 1), and the server's against its own schedule ({@code planned}, in ms) the same
   * way, to catch {@code scheduleErrorMs}; the case's TPOT and decode-rate medians exactly those of
   * its requests.
   */
  static void assertTpotsOnSchedule(CaseResult result, List<Pair> pairs, Function<ServedRequest, Double> planned,
      double scheduleErrorMs) {
    int tokens = pairs.get(0).server().outcome().completionTokens();
    assertThat(pairs).allSatisfy(p -> assertThat(p.server().times().contentChunkNanos()).hasSize(tokens));
    List<Double> server = pairs.stream().map(p -> serverTpot(p.server())).toList();
    double floor = Offsets.GAP_FLOOR_MS / (tokens - 1);
    assertGap(offsets(result, CaseResult.TPOT, pairs, s -> s.times().tpotMs(), GroundTruth::serverTpot), floor,
        median(server) / tokens);
    assertGap(Offsets.of(result.caseId() + " server tpot against its schedule", server,
        pairs.stream().map(p -> planned.apply(p.server())).toList()), floor, scheduleErrorMs);
    assertSummarises(result, CaseResult.TPOT, pairs.stream().map(p -> p.client().times().tpotMs()).toList());
    assertSummarises(result, "decode_rate", pairs.stream().map(p -> 1000 / p.client().times().tpotMs()).toList());
  }

  /**
   * A time from the send to a read against the server's from arrival to the matching write, by
   * {@link Offsets#spanDisagreement}; the case's median exactly the requests'.
   */
  static void assertFromSend(
      CaseResult result, String metric, List<Pair> pairs, Function<SampleRecord, Double> client,
      Function<ServedRequest, Long> serverRead) {
    Offsets offsets = offsets(result, metric, pairs, client, r -> ms(serverRead.apply(r) - r.times().arrivalNanos()));
    // the error to catch: a chunk too many or held back, one of these requests' own chunk gaps
    double error = Offsets.chunkGapMs(pairs.stream().map(Pair::server).toList());
    System.out.printf("%s; must catch %.3f ms%n", offsets, error);
    assertThat(offsets.spanDisagreement(error)).as("%s", offsets).isNull();
    assertSummarises(result, metric, pairs.stream().map(p -> client.apply(p.client())).toList());
  }

  static Offsets offsets(
      CaseResult result, String metric, List<Pair> pairs, Function<SampleRecord, Double> client,
      Function<ServedRequest, Double> server) {
    return Offsets.of(result.caseId() + " " + metric, pairs.stream().map(p -> client.apply(p.client())).toList(),
        pairs.stream().map(p -> server.apply(p.server())).toList());
  }

  /** Gaps between reads against the server's between writes, by {@link Offsets#gapDisagreement}. */
  static void assertGap(Offsets offsets, double floorMs, double errorMs) {
    System.out.printf("%s; tolerance %.3f ms, must catch %.3f ms%n", offsets, offsets.tolerance(floorMs), errorMs);
    assertThat(offsets.gapDisagreement(floorMs, errorMs)).as("%s", offsets).isNull();
  }

  /** The case's median is the median of its requests' figures, to rounding. */
  static void assertSummarises(CaseResult result, String metric, List<Double> values) {
    MetricSummary summary = result.metrics().get(metric);
    assertThat(summary.n()).as("%s n", metric).isEqualTo(values.size());
    assertThat(summary.p50()).as("%s p50 of %s", metric, values).isCloseTo(median(values), within(1e-6));
  }

  static double serverTpot(ServedRequest r) {
    return ms(last(r.times().contentChunkNanos()) - r.times().contentChunkNanos().get(0)) / (r.outcome().completionTokens() - 1);
  }

  static List<Double> serverGaps(ServedRequest r) {
    List<Long> sent = r.times().contentChunkNanos();
    List<Double> gaps = new ArrayList<>();
    for (int k = 1; k < sent.size(); k++) {
      gaps.add(ms(sent.get(k) - sent.get(k - 1)));
    }
    return gaps;
  }

  static List<Double> clientGaps(SampleRecord s) {
    List<Double> read = s.chunkMs();
    List<Double> gaps = new ArrayList<>();
    for (int k = 1; k < read.size(); k++) {
      gaps.add(read.get(k) - read.get(k - 1));
    }
    return gaps;
  }

  /**
   * No request waited for a slot, in the server's own record: each one's wait (slot − arrival) below
   * half the shortest service (slot to last byte) the server gave any of them, the least a request
   * queued behind another would wait; a busy machine's hand-off of a free slot is far below that.
   */
  static void assertNoneWaitedForASlot(List<ServedRequest> served) {
    double shortest = served.stream().mapToDouble(r -> ms(r.times().finishedNanos() - r.times().slotAcquiredNanos())).min().orElseThrow();
    assertThat(served).allSatisfy(r -> assertThat(ms(r.queueNanos()))
        .as("request %d's wait for a slot against half the shortest service, %.3f ms", r.requestNumber(), shortest)
        .isLessThan(shortest / 2));
  }

  static double median(List<Double> values) {
    List<Double> sorted = values.stream().sorted().toList();
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }

  static <T> T last(List<T> values) {
    return values.get(values.size() - 1);
  }

  static double ms(long nanos) {
    return nanos / 1e6;
  }
}
