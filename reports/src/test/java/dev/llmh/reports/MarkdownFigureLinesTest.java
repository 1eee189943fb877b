package dev.llmh.reports;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.result.CaseResult;
import dev.llmh.result.ChecksRecord;
import dev.llmh.result.JudgeRecord;
import dev.llmh.result.RunRecord;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The report carries a case's figures beyond latency, as the console prints them: here the checks and the judge's scores. */
class MarkdownFigureLinesTest {

  @Test
  void theChecksAndTheJudgesScoresAreListedUnderTheCase() {
    RunRecord base = Fixtures.run();
    CaseResult r = base.results().get(0);
    ChecksRecord checks = new ChecksRecord(List.of("ExpectJson"), 20, 17, new LinkedHashMap<>(Map.of("ExpectJson", 3)),
        85.0, List.of(62.107, 96.793), null);
    JudgeRecord judge = new JudgeRecord("http://judge:11434", "qwen2.5:14b-instruct", "r", 7L, List.of(r.caseId()), 18, 2,
        Map.of("unparseable judge reply", 2), 3.5, List.of(3.1, 3.9), null, null, null);
    CaseResult judged = new CaseResult(r.scenario(), r.caseName(), r.caseId(), r.params(), r.endpoint(), r.settings(),
        r.promptCache(), r.requests(), r.metrics(), r.throughput(), r.constraints(), r.warnings(), r.samples(), r.error(),
        r.promptHash(), r.baseline(), r.verdict(), r.verdictReasons(), r.reportedAs(), r.harness(), r.calibration(),
        r.options(), r.context(), r.conversation(), r.turns(), r.contextFit(), r.promptFile(), r.slo(), r.resources(),
        r.cost(), r.physics(), checks, judge, null);
    String report = MarkdownReport.render(new RunRecord(base.schemaVersion(), base.run(), base.environment(),
        base.statistics(), List.of(judged)));
    assertThat(report)
        .contains("\n- checks     ExpectJson: 17 of 20 passed (ExpectJson failed 3); success rate 85.0% [62.1, 96.8]\n")
        .contains("\n- judge: judge_score 3.50 [3.10, 3.90] over 18 scored; 2 judge failures (2 unparseable judge reply)\n");
  }
}
