package dev.llmh.engine.cases;

import dev.llmh.constraint.Stat;
import dev.llmh.load.OpenLoop;
import dev.llmh.measure.RequestSample;
import dev.llmh.plan.ArrivalSchedule;
import dev.llmh.plan.CasePlan;
import dev.llmh.plan.OpenLoad;
import dev.llmh.stats.Summary;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.IntFunction;

/** A case's measured requests sent on an open-loop schedule ({@code @Load}), each sample stamped with its intended send. */
final class OpenLoopCase {
  /** Client lag above this at p99 means the harness, not the server, set the pace. */
  static final double LAG_WARNING_MS = 5;

  private OpenLoopCase() {}

  /**
   * @param units each measured unit's requests (a conversation's first turn carries the schedule)
   * @param planned how many arrivals the schedule held
   * @param peakInFlight the most requests that were in flight at once
   * @param warnings the client-lag warning, when there is one
   */
  record Measured(List<List<RequestSample>> units, int planned, int peakInFlight, List<String> warnings) {}

  /** The case's schedule: its measured requests' count of arrivals (all those within {@code @Load(duration)}). */
  static ArrivalSchedule schedule(CasePlan plan) {
    return plan.requests().load().schedule(plan.requests().measuredRequests());
  }

  /** Sends {@code schedule}'s arrivals under {@code load}, and warns when the harness could not keep to it. */
  static Measured run(OpenLoad load, ArrivalSchedule schedule, IntFunction<List<RequestSample>> send, long deadline)
      throws InterruptedException {
    OpenLoop.Run<List<RequestSample>> run =
        OpenLoop.run(schedule, load.maxInFlight(), send, deadline, CaseExecutor::failedUnit);
    List<List<RequestSample>> units = new ArrayList<>(run.sent().size());
    double[] lagMs = new double[run.sent().size()];
    for (int i = 0; i < run.sent().size(); i++) {
      OpenLoop.Sent<List<RequestSample>> sent = run.sent().get(i);
      List<RequestSample> unit = new ArrayList<>(sent.unit());
      unit.set(0, unit.get(0).scheduledAt(sent.scheduledNanos()));
      units.add(unit);
      lagMs[i] = (unit.get(0).timing().startNanos() - sent.releasedNanos()) / 1e6;
    }
    List<String> warnings = new ArrayList<>();
    if (lagMs.length > 0) {
      double p99 = Summary.of(lagMs).get(Stat.P99);
      if (p99 > LAG_WARNING_MS) {
        warnings.add(String.format(Locale.ROOT, "client lag p99 %.1f ms > %.0f ms: the harness sent requests late, so the"
            + " harness, not the server, limited the rate %s (queue_ms counts the lag; ttft_from_schedule_ms and"
            + " e2e_from_schedule_ms include it)", p99, LAG_WARNING_MS, load.rate().text()));
      }
    }
    return new Measured(units, schedule.size(), run.peakInFlight(), warnings);
  }
}
