package dev.llmh.sweep;

import dev.llmh.config.Defaults;
import dev.llmh.constraint.ConstraintParser;
import dev.llmh.constraint.Dimension;
import dev.llmh.constraint.Metric;
import dev.llmh.constraint.Quantity;
import dev.llmh.constraint.Unit;
import dev.llmh.resources.Resources;
import dev.llmh.result.CaseResult;
import dev.llmh.result.SaturationRecord.Signals;
import dev.llmh.result.SaturationRecord.Step;
import dev.llmh.result.Section;
import dev.llmh.runner.SaturationDeclaration;
import dev.llmh.servermetrics.ServerMetricsRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The rules by which a saturation search stops where the server says it is full, not where the
 * client infers it: its KV cache reached the limit, it preempted a request, its waiting queue grew
 * over the step before, or the serving process reached the memory limit. Each rule rests on a figure
 * the server or the process gave; a figure not measured stops nothing, and the throughput rule
 * decides as before.
 */
final class SaturationSignals {
  private SaturationSignals() {}

  /** What the step's server metrics and resources said; null when neither measured anything. */
  static Signals of(CaseResult result) {
    ServerMetricsRecord server = result.section(ServerMetricsRecord.SECTION);
    Resources process = result.section(Section.RESOURCES);
    Double kvCache = server == null ? null : server.figure(Metric.SERVER_KV_CACHE_USAGE, "max");
    Double preemptions = server == null ? null : server.figure(Metric.SERVER_PREEMPTIONS, null);
    Double waiting = server == null ? null : inFlight(server.series(Metric.SERVER_REQUESTS_WAITING));
    Long rss = process == null ? null : process.peakRssBytes();
    Long gpu = process == null || process.gpu() == null || process.gpu().server() == null ? null
        : process.gpu().server().peakMemoryBytes();
    if (kvCache == null && preemptions == null && waiting == null && rss == null && gpu == null) {
      return null;
    }
    return new Signals(kvCache, preemptions, waiting, rss, gpu);
  }

  /**
   * The mean of the looks between the first and the last: those two are taken with no measured
   * request in flight (as the phase begins, at its analysis) and would dilute a queue that was there
   * all along. Null with fewer than three looks.
   */
  private static Double inFlight(List<Double> series) {
    if (series.size() < 3) {
      return null;
    }
    return series.subList(1, series.size() - 1).stream().mapToDouble(Double::doubleValue).average().orElseThrow();
  }

  /** The rules as declared, in words, for the search's record. */
  static List<String> declared(SaturationDeclaration search) {
    List<String> rules = new ArrayList<>();
    if (!search.kvCacheLimit().isEmpty()) {
      rules.add("server_kv_cache_usage.max >= " + search.kvCacheLimit());
    }
    if (search.stopOnPreemption()) {
      rules.add("server_preemptions > 0");
    }
    if (search.stopOnWaitingGrowth()) {
      rules.add("server_requests_waiting grows step over step from " + Quantity.formatBare(Defaults.SATURATION_WAITING, Unit.COUNT));
    }
    if (!search.memoryLimit().isEmpty()) {
      rules.add("peak_rss or the server's GPU memory >= " + search.memoryLimit());
    }
    return rules;
  }

  /** The rule the last step broke, or empty; {@code before} is null at the first step. */
  static Optional<SaturationCurve.Stop> stop(Step before, Step last, SaturationDeclaration search) {
    Signals s = last.signals();
    if (s == null) {
      return Optional.empty();
    }
    String at = " at " + last.label();
    if (!search.kvCacheLimit().isEmpty() && s.kvCacheUsageMax() != null
        && s.kvCacheUsageMax() >= limit(search.kvCacheLimit(), Dimension.RATIO)) {
      return stop("kv_cache", "the server's KV cache reached " + Quantity.formatBare(s.kvCacheUsageMax(), Unit.PERCENT) + "%" + at
          + " (kvCacheLimit " + search.kvCacheLimit() + ")");
    }
    if (search.stopOnPreemption() && s.preemptions() != null && s.preemptions() > 0) {
      return stop("preemption", "the server preempted " + Quantity.formatBare(s.preemptions(), Unit.COUNT)
          + (s.preemptions() == 1 ? " request" : " requests") + at);
    }
    Double waitingBefore = before == null || before.signals() == null ? null : before.signals().requestsWaiting();
    if (search.stopOnWaitingGrowth() && s.requestsWaiting() != null && waitingBefore != null
        && s.requestsWaiting() >= Defaults.SATURATION_WAITING && s.requestsWaiting() > waitingBefore) {
      return stop("waiting", "requests waiting at the server grew from " + Quantity.formatBare(waitingBefore, Unit.COUNT) + " to "
          + Quantity.formatBare(s.requestsWaiting(), Unit.COUNT) + " from " + before.label() + " to " + last.value());
    }
    if (!search.memoryLimit().isEmpty()) {
      double limit = limit(search.memoryLimit(), Dimension.BYTES);
      Long held = s.peakRssBytes() != null && s.peakRssBytes() >= limit ? s.peakRssBytes()
          : s.gpuMemoryBytes() != null && s.gpuMemoryBytes() >= limit ? s.gpuMemoryBytes() : null;
      if (held != null) {
        return stop("memory", (held.equals(s.peakRssBytes()) ? "the serving process's peak rss" : "the server's GPU memory")
            + " reached " + Quantity.format(held, Unit.MEBIBYTES) + at
            + " (memoryLimit " + search.memoryLimit() + ")");
      }
    }
    return Optional.empty();
  }

  private static Optional<SaturationCurve.Stop> stop(String by, String reason) {
    return Optional.of(new SaturationCurve.Stop(by, reason));
  }

  /** A limit in its dimension's canonical unit (% for a share, bytes for a size); the processor has read it. */
  private static double limit(String text, Dimension dimension) {
    return ConstraintParser.quantity(text, dimension, "the saturation search's limit", "").canonical();
  }
}
