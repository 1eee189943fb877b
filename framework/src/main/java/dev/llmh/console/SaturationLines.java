package dev.llmh.console;

import dev.llmh.result.SaturationRecord;
import dev.llmh.result.SaturationRecord.Step;
import dev.llmh.sweep.SaturationCurve;
import java.util.List;
import java.util.Locale;

/**
 * The saturation searches after the run table: where each saturates and what the step past the
 * knee cost, e.g. {@code saturates at concurrency 4: 61 tok/s; at 8 TTFT p95 ×2.1 for +3% tok/s}.
 */
final class SaturationLines {
  private SaturationLines() {}

  static String of(List<SaturationRecord> searches) {
    if (searches.isEmpty()) {
      return "";
    }
    StringBuilder out = new StringBuilder("LLMH saturation: output tok/s as the load doubles\n");
    for (SaturationRecord search : searches) {
      out.append("  ").append(search.scenario().substring(search.scenario().lastIndexOf('.') + 1)).append(" \u203a ")
          .append(search.caseName());
      if (search.params() != null) {
        search.params().forEach((k, v) -> out.append(", ").append(k).append('=').append(v));
      }
      out.append(": ").append(line(search)).append('\n');
      out.append("    steps ");
      List<Step> steps = search.steps();
      for (int i = 0; i < steps.size(); i++) {
        Step step = steps.get(i);
        out.append(i == 0 ? "" : ", ").append(step.value()).append(' ')
            .append(step.throughput() == null ? step.verdict().equals("NOT_RUN") ? "not run" : "?" : tokens(step.throughput()));
      }
      out.append('\n');
    }
    return out.toString();
  }

  /** The knee and the step past it, or why there is no knee. */
  static String line(SaturationRecord search) {
    if (search.knee() == null) {
      return "no knee: " + search.stoppedBecause();
    }
    List<Step> steps = search.steps();
    Step knee = steps.stream()
        .filter(s -> java.util.Objects.equals(s.concurrency(), search.knee().concurrency())
            && java.util.Objects.equals(s.rate(), search.knee().rate()))
        .findFirst().orElseThrow();
    Step past = steps.get(steps.indexOf(knee) + 1);
    String text = "saturates at " + knee.label() + ": " + tokens(knee.throughput()) + " tok/s; at " + past.value();
    if (past.throughput() == null) {
      return text + " " + search.stoppedBecause();
    }
    String ttft = knee.ttftP95() != null && past.ttftP95() != null && knee.ttftP95() > 0
        ? String.format(Locale.ROOT, " TTFT p95 \u00d7%.1f", past.ttftP95() / knee.ttftP95()) : "";
    double gain = past.throughput() / knee.throughput() - 1;
    text += ttft + (ttft.isEmpty() ? " " : " for ") + SaturationCurve.percent(gain) + " tok/s";
    return search.stoppedBecause().startsWith("output tok/s gained") ? text : text + " (" + search.stoppedBecause() + ")";
  }

  private static String tokens(double throughput) {
    return String.format(Locale.ROOT, "%.0f", throughput);
  }
}
