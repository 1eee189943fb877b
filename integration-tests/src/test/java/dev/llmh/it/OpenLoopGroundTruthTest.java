package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.llmh.it.fixtures.OpenLoopScenarios;
import dev.llmh.result.CaseResult;
import dev.llmh.result.SampleRecord;
import dev.llmh.result.Section;
import dev.llmh.sim.Offsets;
import dev.llmh.sim.ServedRequest;
import dev.llmh.sim.SimulatedServer;
import dev.llmh.stats.LinearFit;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Open-loop load against a one-slot simulator whose timing the test sets (first token 100 ms after a
 * request gets the slot, 20 ms a token, four tokens: about 160 ms a request). Below capacity each
 * request is served alone, so TTFT is the server's first-token time. Above capacity the server's
 * queue grows by (service − gap) every gap: on the server's own record the wait grows with the
 * schedule, whether it is in the server's queue or (with {@code maxInFlight}) in the client's, and
 * each request's client figure agrees with that record of it; the closed loop at the slot count sees
 * none of it. Every expected figure is derived from the server's record of the same run, so a loaded
 * machine moves the expectation with it.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OpenLoopGroundTruthTest {
  private static final long FIRST_TOKEN_MS = 100;
  /**
   * The smallest delay the schedule checks exist to catch: the faster rate's gap between arrivals, by
   * which a request queued behind another (or sent a gap late) is late at least.
   */
  private static final double ARRIVAL_GAP_MS = 80;
  private static final Pattern LAG = Pattern.compile("client lag p99 ([0-9.]+) ms");

  private EngineRun run;
  private List<ServedRequest> served;

  @BeforeAll
  void runAllFourAgainstOneServer(@TempDir Path results) throws InterruptedException {
    try (SimulatedServer server = SimulatedServer.start(GroundTruth.simulator(1, FIRST_TOKEN_MS, 50))) {
      run = EngineRun.of(server.baseUrl(), results, OpenLoopScenarios.BelowCapacity.class,
          OpenLoopScenarios.AboveCapacity.class, OpenLoopScenarios.AboveCapacityBounded.class,
          OpenLoopScenarios.ClosedAtSlots.class);
      served = server.awaitServedRequests(13 + 3 * 25, java.time.Duration.ofSeconds(10));
    }
    run.results().testEvents().assertStatistics(stats -> stats.started(4).failed(0));
  }

  @Test
  void belowCapacityTtftIsTheServersFirstTokenTimeAndTheScheduleIsKept() {
    CaseResult result = run.caseNamed("question[rate=4/s]");
    assertThat(result.params()).containsEntry("rate", "4/s");
    List<GroundTruth.Pair> pairs = GroundTruth.pairs(result, served);
    assertThat(pairs).hasSize(12);
    for (int i = 0; i < pairs.size(); i++) {
      SampleRecord s = pairs.get(i).client();
      assertThat(s.scheduledMs()).as("request %d's intended send", i).isCloseTo(250.0 * i, within(1e-6));
    }
    assertServedAlone(result, pairs);
    GroundTruth.assertFromSend(result, CaseResult.TTFT, pairs, s -> s.times().ttftMs(),
        r -> r.times().contentChunkNanos().get(0));
    assertQueueIsStartMinusSchedule(result);
    assertSentOnTime(result);
    assertThat(result.metrics().get("ttft_from_schedule_ms").p50())
        .isCloseTo(GroundTruth.median(pairs.stream().map(p -> p.client().times().ttftMs() + queue(p.client())).toList()), within(1e-6));
  }

  @Test
  void aboveCapacityTtftFromTheScheduleGrowsAtTheSlopeTheServersQueueGives() {
    CaseResult result = run.caseNamed("question[rate=12.5/s]", OpenLoopScenarios.AboveCapacity.class);
    List<GroundTruth.Pair> pairs = GroundTruth.pairs(result, served);
    assertThat(pairs).hasSize(24);
    assertQueueIsStartMinusSchedule(result);
    // sent on time: the client did not fall behind, the server queued
    assertSentOnTime(result);
    // each TTFT the server's (its queue included), and the server's own record grows with the schedule
    GroundTruth.assertFromSend(result, CaseResult.TTFT, pairs, s -> s.times().ttftMs(),
        r -> r.times().contentChunkNanos().get(0));
    double[] server = assertGrowsOnTheServersRecord("above capacity: ttft_from_schedule", pairs,
        p -> serverTtft(p) + queue(p.client()), expectedSlope(pairs));
    // a client reads after the server writes: its figure from the schedule is never below the server's
    assertThat(result.metrics().get("ttft_from_schedule_ms").max())
        .isGreaterThanOrEqualTo(Arrays.stream(server).max().orElseThrow());
  }

  @Test
  void withMaxInFlightTheWaitMovesToTheClientAndIsNotCalledLag() {
    CaseResult result = run.caseNamed("question[rate=12.5/s]", OpenLoopScenarios.AboveCapacityBounded.class);
    List<GroundTruth.Pair> pairs = GroundTruth.pairs(result, served);
    assertThat(result.requests().effectiveConcurrency()).isEqualTo(1);
    assertQueueIsStartMinusSchedule(result);
    // the same wait on the server's clock: each arrival against the schedule, less the requests' median
    // transit (the clocks' origins differ by it); what is left is each transit's noise, where a send
    // held a gap late would stand out by the gap
    GroundTruth.Pair first = pairs.get(0);
    java.util.function.ToDoubleFunction<GroundTruth.Pair> arrivals = p ->
        GroundTruth.ms(p.server().times().arrivalNanos() - first.server().times().arrivalNanos())
            + first.client().times().startMs() - p.client().scheduledMs();
    double transit = GroundTruth.median(pairs.stream().map(p -> queue(p.client()) - arrivals.applyAsDouble(p)).toList());
    java.util.function.ToDoubleFunction<GroundTruth.Pair> serverQueue = p -> arrivals.applyAsDouble(p) + transit;
    Offsets waits = Offsets.of(result.caseId() + " queue against the server's arrivals",
        pairs.stream().map(p -> queue(p.client())).toList(), pairs.stream().map(serverQueue::applyAsDouble).toList());
    // every request's, not a median: a queue stamped before the wait for a slot would be short by a
    // wait that grows request by request, far beyond half an arrival gap and the transits' noise
    double band = Math.max(Offsets.SPAN_FLOOR_MS, ARRIVAL_GAP_MS / 2) + 3 * waits.noise();
    System.out.printf("%s; band ±%.3f ms%n", waits, band);
    assertThat(Math.max(-waits.min(), waits.max())).as("%s", waits).isLessThanOrEqualTo(band);
    assertGrowsOnTheServersRecord("bounded: queue", pairs, serverQueue, expectedSlope(pairs));
    assertServedAlone(result, pairs);
    GroundTruth.assertFromSend(result, CaseResult.TTFT, pairs, s -> s.times().ttftMs(),
        r -> r.times().contentChunkNanos().get(0));
    // waiting for a slot is the server's slowness, not the client's: no lag warning of that size
    assertThat(result.section(Section.WARNINGS)).noneSatisfy(w -> {
      Matcher m = LAG.matcher(w);
      assertThat(m.find() && Double.parseDouble(m.group(1)) > 100).isTrue();
    });
  }

  @Test
  void theClosedLoopAtTheSlotCountSeesNoQueue() {
    CaseResult result = run.caseNamed("question[concurrency=1]");
    assertThat(result.metrics().get("queue_ms")).as("not measured without a schedule").isNull();
    assertThat(result.metrics().get("ttft_from_schedule_ms")).isNull();
    assertThat(result.samples()).allSatisfy(s -> assertThat(s.scheduledMs()).isNull());
    List<GroundTruth.Pair> pairs = GroundTruth.pairs(result, served);
    assertServedAlone(result, pairs);
    GroundTruth.assertFromSend(result, CaseResult.TTFT, pairs, s -> s.times().ttftMs(),
        r -> r.times().contentChunkNanos().get(0));
  }

  private static double serverTtft(GroundTruth.Pair p) {
    return GroundTruth.ms(p.server().times().contentChunkNanos().get(0) - p.server().times().arrivalNanos());
  }

  /**
   * Above capacity on the server's own record: {@code serverValue} of each request grows over the
   * schedule by half the queue's model rate at least ((service − gap) / gap, from the server's service
   * times), where a workload the server kept up with would stay flat. Returns the server's values.
   */
  private static double[] assertGrowsOnTheServersRecord(String what, List<GroundTruth.Pair> pairs,
      java.util.function.ToDoubleFunction<GroundTruth.Pair> serverValue, double queueModel) {
    double[] x = pairs.stream().mapToDouble(p -> p.client().scheduledMs()).toArray();
    double[] server = pairs.stream().mapToDouble(serverValue).toArray();
    LinearFit fit = LinearFit.of(x, server).orElseThrow();
    System.out.printf("%s: the server's record grows %.4f ms/ms (R² %.3f), its queue's model %.3f%n", what, fit.slope(),
        fit.r2(), queueModel);
    assertThat(fit.slope()).as(what + ": the server's queue grows").isGreaterThan(queueModel / 2);
    return server;
  }

  /**
   * Every request served alone, in the server's own record: its first chunk the first-token delay
   * after its arrival, by {@link Offsets#lateDisagreement} (how late the machine woke the server is
   * noise measured on these requests); one that queued behind another would be late by the rest of
   * that one's service, an arrival gap or more.
   */
  private static void assertServedAlone(CaseResult result, List<GroundTruth.Pair> pairs) {
    Offsets late = Offsets.of(result.caseId() + " server first chunk after arrival",
        pairs.stream().map(p -> GroundTruth.ms(p.server().times().contentChunkNanos().get(0) - p.server().times().arrivalNanos())).toList(),
        pairs.stream().map(p -> (double) FIRST_TOKEN_MS).toList());
    System.out.println(late);
    assertThat(late.lateDisagreement(Offsets.SPAN_FLOOR_MS, ARRIVAL_GAP_MS)).isNull();
  }

  /**
   * The harness kept its schedule: each send against its intended time (its queue), by {@link
   * Offsets#lateDisagreement}, the noise measured on these sends; a harness that waited for the
   * server would send an arrival gap late, and later each time.
   */
  private static void assertSentOnTime(CaseResult result) {
    List<SampleRecord> samples = result.samples();
    Offsets lag = Offsets.of(result.caseId() + " send lag", samples.stream().map(s -> s.times().startMs()).toList(),
        samples.stream().map(SampleRecord::scheduledMs).toList());
    System.out.println(lag);
    assertThat(lag.lateDisagreement(Offsets.SPAN_FLOOR_MS, ARRIVAL_GAP_MS)).isNull();
  }

  /** Per ms of schedule, how much longer each request waits: (service − gap) / gap, service from the server's record. */
  private static double expectedSlope(List<GroundTruth.Pair> pairs) {
    double service = GroundTruth.median(pairs.stream()
        .map(p -> GroundTruth.ms(p.server().times().finishedNanos() - p.server().times().slotAcquiredNanos())).toList());
    return (service - 80) / 80;
  }

  private static double queue(SampleRecord s) {
    return s.times().startMs() - s.scheduledMs();
  }

  /** Each sample's start_ms − scheduled_ms is its queue, and metrics.queue_ms summarises exactly those. */
  private static void assertQueueIsStartMinusSchedule(CaseResult result) {
    List<Double> queues = result.samples().stream().map(OpenLoopGroundTruthTest::queue).toList();
    assertThat(queues).allSatisfy(q -> assertThat(q).as("never sent early").isGreaterThanOrEqualTo(0));
    GroundTruth.assertSummarises(result, "queue_ms", queues);
  }
}
