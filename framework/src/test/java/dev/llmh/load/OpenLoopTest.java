package dev.llmh.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.annotations.Arrivals;
import dev.llmh.plan.ArrivalSchedule;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The dispatcher's promises, which hold however busy the machine: never early, every request in
 * schedule order, slots bounded, nothing sent after the deadline. How late it is, is measured by the
 * benchmarks module's dispatch benchmark, not asserted here.
 */
class OpenLoopTest {

  @Test
  void everyRequestIsSentNoEarlierThanItsTimeInScheduleOrder() throws InterruptedException {
    ArrivalSchedule schedule = ArrivalSchedule.of(Arrivals.POISSON, 200, 1, 42, 100);
    OpenLoop.Run<Long> run = OpenLoop.run(schedule, 0, i -> System.nanoTime(), ClosedLoop.NO_DEADLINE, (start, e) -> -1L);
    List<OpenLoop.Sent<Long>> sent = run.sent();
    assertThat(sent).hasSize(100);
    long origin = sent.get(0).scheduledNanos();
    for (int i = 0; i < sent.size(); i++) {
      OpenLoop.Sent<Long> s = sent.get(i);
      assertThat(s.scheduledNanos() - origin).isEqualTo(schedule.offsetNanos(i));
      assertThat(s.unit()).as("request %d sent at or after its time", i).isGreaterThanOrEqualTo(s.scheduledNanos());
      assertThat(s.releasedNanos()).isEqualTo(s.scheduledNanos());
    }
  }

  @Test
  void requestsOverlapWhenTheServerIsSlowerThanTheRate() throws InterruptedException {
    // 100/s, each taking 100 ms: about ten in flight at once, which a closed loop of one could never send
    ArrivalSchedule schedule = ArrivalSchedule.of(Arrivals.CONSTANT, 100, 1, 42, 40);
    OpenLoop.Run<Long> run = OpenLoop.run(schedule, 0, i -> sleep(100), ClosedLoop.NO_DEADLINE, (start, e) -> -1L);
    assertThat(run.sent()).hasSize(40);
    assertThat(run.peakInFlight()).isGreaterThanOrEqualTo(5);
  }

  @Test
  void maxInFlightBoundsTheRequestsInFlightAndTheWaitIsCountedAsRelease() throws InterruptedException {
    ArrivalSchedule schedule = ArrivalSchedule.of(Arrivals.CONSTANT, 200, 1, 42, 20);
    AtomicInteger inFlight = new AtomicInteger();
    AtomicInteger most = new AtomicInteger();
    OpenLoop.Run<Long> run = OpenLoop.run(schedule, 2, i -> {
      most.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
      long start = System.nanoTime();
      sleep(50);
      inFlight.decrementAndGet();
      return start;
    }, ClosedLoop.NO_DEADLINE, (start, e) -> -1L);
    assertThat(most.get()).isEqualTo(2);
    assertThat(run.peakInFlight()).isEqualTo(2);
    // Two slots: of any three sends, the third began at least 50 ms after the first (one had to end).
    // This holds however late the dispatcher woke, as an assertion on one request's wait would not:
    // a dispatcher held up past the other requests' ends finds a slot free, and that lag is not release.
    List<Long> starts = run.sent().stream().map(OpenLoop.Sent::unit).sorted().toList();
    for (int i = 2; i < starts.size(); i++) {
      assertThat(starts.get(i) - starts.get(i - 2)).as("send %d", i).isGreaterThanOrEqualTo(50_000_000L);
    }
    // 20 requests of 50 ms two at a time take 500 ms, all scheduled within 95 ms: waits for a slot are
    // counted from each request's time to its release, never beyond its send
    long waited = 0;
    for (OpenLoop.Sent<Long> s : run.sent()) {
      assertThat(s.releasedNanos()).isBetween(s.scheduledNanos(), s.unit());
      waited += s.releasedNanos() - s.scheduledNanos();
    }
    assertThat(waited).isGreaterThan(0);
  }

  @Test
  void noRequestIsSentAfterTheDeadlineAndThoseSentAreKept() throws InterruptedException {
    ArrivalSchedule schedule = ArrivalSchedule.of(Arrivals.CONSTANT, 20, 1, 42, 100); // 5 s of arrivals
    long deadline = System.nanoTime() + 500_000_000L;
    OpenLoop.Run<Long> run = OpenLoop.run(schedule, 0, i -> System.nanoTime(), deadline, (start, e) -> -1L);
    assertThat(run.sent()).hasSizeBetween(5, 11);
    assertThat(run.sent()).allSatisfy(s -> assertThat(s.scheduledNanos()).isLessThan(deadline));
  }

  @Test
  void aSendThatThrowsIsRecordedAsFailedNotDropped() throws InterruptedException {
    ArrivalSchedule schedule = ArrivalSchedule.of(Arrivals.CONSTANT, 100, 1, 42, 5);
    OpenLoop.Run<String> run = OpenLoop.run(schedule, 0, i -> {
      if (i == 2) {
        throw new IllegalStateException("boom");
      }
      return "ok";
    }, ClosedLoop.NO_DEADLINE, (start, e) -> "failed: " + e.getMessage());
    assertThat(run.sent()).extracting(OpenLoop.Sent::unit).containsExactly("ok", "ok", "failed: boom", "ok", "ok");
  }

  private static long sleep(long ms) {
    long start = System.nanoTime();
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return start;
  }
}
