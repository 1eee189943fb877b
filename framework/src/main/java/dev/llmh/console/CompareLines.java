package dev.llmh.console;

import dev.llmh.result.CompareRecord;
import java.util.Locale;

/**
 * A case's distribution comparison in the console, e.g. {@code compare    against small: kl_divergence
 * mean 0.0123 p99 0.0810 max 0.1502 nats over 32 positions (4 teacher-forced); top1_agreement 96.9%;
 * perplexity 3.41 (reference 3.38)}.
 */
final class CompareLines {
  private CompareLines() {}

  static void append(StringBuilder out, CompareRecord compare) {
    if (compare == null) {
      return;
    }
    out.append("  compare    against ").append(compare.reference()).append(": ");
    if (compare.notMeasured() != null) {
      out.append("kl_divergence and top1_agreement not measured: ").append(compare.notMeasured()).append('\n');
      return;
    }
    CompareRecord.KlSummary kl = compare.klDivergence();
    out.append(String.format(Locale.ROOT,
        "kl_divergence mean %.4g p99 %.4g max %.4g nats over %d positions (%d teacher-forced); top1_agreement %.1f%%;"
            + " perplexity %.4g (reference %.4g)%n",
        kl.mean(), kl.p99(), kl.max(), compare.positions(), compare.teacherForced(), compare.top1Agreement(),
        compare.candidatePerplexity(), compare.referencePerplexity()));
  }
}
