package dev.llmh.reports.html;

import dev.llmh.judge.JudgeRecord;
import dev.llmh.reports.FixturesAccess;
import dev.llmh.resources.CostRecord;
import dev.llmh.resources.Energy;
import dev.llmh.resources.Resources;
import dev.llmh.result.CaseResult;
import dev.llmh.result.ChecksRecord;
import dev.llmh.result.CompareRecord;
import dev.llmh.result.RunRecord;
import dev.llmh.result.Section;
import dev.llmh.result.SloRecord;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A run of one case with every feature's figures: SLO, process, energy, cost, checks, comparison and judge. */
final class FigureRun {
  private FigureRun() {}

  static RunRecord record() {
    RunRecord base = FixturesAccess.run();
    CaseResult r = base.results().get(0);
    Energy energy = new Energy("declared", 9000.0, 90.0, 100_000L, null, 2.5);
    CaseResult figured = r.toBuilder()
        .section(Section.SLO, new SloRecord(new SloRecord.Targets(2000.0, null, null), 20, 16, 3.2, List.of(2.5, 3.7),
            80.0, List.of(56.0, 94.0), null))
        .section(Section.RESOURCES, new Resources("pid 7 and its children", 250, 40, 231L << 20, 200L << 20, 185.0,
            List.of(), null, null, energy, null))
        .section(Section.COST, new CostRecord("USD", "owned", 0.58, 0.40, 0.18, 100.0, 95.0, 2.5, "declared", null))
        .section(Section.CHECKS, new ChecksRecord(List.of("ExpectJson"), 20, 17,
            new LinkedHashMap<>(Map.of("ExpectJson", 3)), 85.0, List.of(62.1, 96.8), null))
        .section(Section.COMPARE, new CompareRecord("small", "http://ref:8080/v1", 20, 32, 4,
            new CompareRecord.KlSummary(0.0123, 0.01, 0.05, 0.081, 0.15, null), 96.9, 3.41, 3.38, CompareRecord.METHOD, null, null))
        .section(Section.JUDGE, new JudgeRecord("http://judge:11434", "qwen2.5:14b-instruct", "r", 7L, List.of(r.caseId()),
            18, 2, Map.of("unparseable judge reply", 2), 3.5, List.of(3.1, 3.9), null, null, null))
        .build();
    return new RunRecord(base.schemaVersion(), base.run(), base.environment(), base.statistics(), List.of(figured),
        List.of(), List.of());
  }
}
