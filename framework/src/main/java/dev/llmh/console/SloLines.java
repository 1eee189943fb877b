package dev.llmh.console;

import dev.llmh.constraint.Quantity;
import dev.llmh.constraint.Unit;
import dev.llmh.result.SloRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A case's SLO line: its targets, the good requests, goodput and attainment with their intervals. */
final class SloLines {
  private SloLines() {}

  /** {@code slo  ttft ≤ 2000 ms: 16 of 20 good; goodput 3.2 req/s [2.5, 3.7], attainment 80% [56, 94]}; nothing without an @Slo. */
  static void append(StringBuilder out, SloRecord slo) {
    if (slo == null || slo.targets() == null) {
      return;
    }
    List<String> targets = new ArrayList<>();
    target(targets, "ttft", slo.targets().ttftMs());
    target(targets, "tpot", slo.targets().tpotMs());
    target(targets, "e2e", slo.targets().e2eMs());
    out.append("  slo        ").append(String.join(", ", targets)).append(": ");
    if (slo.notMeasured() != null) {
      out.append("not measured: ").append(slo.notMeasured()).append('\n');
      return;
    }
    out.append(String.format(Locale.ROOT, "%d of %d good; ", slo.good(), slo.counted()));
    if (slo.goodput() != null) {
      out.append(String.format(Locale.ROOT, "goodput %.2f req/s [%.2f, %.2f], ", slo.goodput(), slo.goodputCi().get(0),
          slo.goodputCi().get(1)));
    }
    out.append(String.format(Locale.ROOT, "attainment %.1f%% [%.1f, %.1f]%n", slo.sloAttainment(),
        slo.sloAttainmentCi().get(0), slo.sloAttainmentCi().get(1)));
  }

  private static void target(List<String> targets, String name, Double ms) {
    if (ms != null) {
      targets.add(name + " \u2264 " + Quantity.format(ms, Unit.MILLISECONDS));
    }
  }
}
