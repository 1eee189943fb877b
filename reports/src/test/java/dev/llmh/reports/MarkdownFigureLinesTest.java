package dev.llmh.reports;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.judge.JudgeRecord;
import dev.llmh.result.CaseResult;
import dev.llmh.result.ChecksRecord;
import dev.llmh.result.RunRecord;
import dev.llmh.result.Section;
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
    CaseResult judged = r.toBuilder()
        .section(Section.CHECKS, checks)
        .section(Section.JUDGE, judge)
        .section(Section.COMPARE, null)
        .build();
    String report = MarkdownReport.render(new RunRecord(base.schemaVersion(), base.run(), base.environment(),
        base.statistics(), List.of(judged), List.of(), List.of()));
    assertThat(report)
        .contains("\n- checks     ExpectJson: 17 of 20 passed (ExpectJson failed 3); success rate 85.0% [62.1, 96.8]\n")
        .contains("\n- judge      judge_score 3.50 [3.10, 3.90] over 18 scored; 2 judge failures (2 unparseable judge reply)\n");
  }

  @Test
  void aFigureFromDeclaredInputsIsMarkedDeclaredInTheMarkdownAndTheHtml() {
    RunRecord base = Fixtures.run();
    CaseResult r = base.results().get(0);
    var energy = new dev.llmh.resources.Energy("declared", 9000.0, 90.0, 100_000L, null, 2.5);
    var resources = new dev.llmh.resources.Resources("pid 7 and its children", 250, 40, 231L << 20, 200L << 20, 185.0, List.of(),
        null, null, energy, null);
    var cost = new dev.llmh.resources.CostRecord("USD", "owned", 0.58, 0.40, 0.18, 100.0, 95.0, 2.5, "declared", null);
    List<CaseResult.ConstraintRecord> budgets = List.of(
        new CaseResult.ConstraintRecord("energy_per_token < 5J", 2.5, 5.0, "J", "INCONCLUSIVE",
            "energy_per_token = 2.5 J (declared power) < budget 5 J: INCONCLUSIVE (not decided: ...)", null),
        new CaseResult.ConstraintRecord("cost_per_mtok < 1USD", 0.58, 1.0, "USD", "INCONCLUSIVE",
            "cost_per_mtok = 0.58 USD (declared prices and power) < budget 1 USD: INCONCLUSIVE (not decided: ...)", null),
        new CaseResult.ConstraintRecord("ttft.p50 < 1s", 120.0, 1000.0, "ms", "PASS", "ttft.p50 = 120 ms < budget 1000 ms: PASS", null));
    CaseResult declared = r.toBuilder()
        .constraints(budgets)
        .verdict("INCONCLUSIVE", r.verdictReasons(), r.reportedAs())
        .section(Section.RESOURCES, resources)
        .section(Section.COST, cost)
        .section(Section.CHECKS, null)
        .section(Section.JUDGE, null)
        .section(Section.COMPARE, null)
        .build();
    RunRecord run = new RunRecord(base.schemaVersion(), base.run(), base.environment(), base.statistics(),
        List.of(declared), List.of(), List.of());

    assertThat(MarkdownReport.render(run))
        .contains("energy     2.5 J per token (declared, an estimate from the declared power")
        .contains("cost       0.58 USD per million output tokens, declared prices and power (hardware 0.4 USD + electricity"
            + " 0.18 USD from the declared power")
        .contains("energy_per_token = 2.5 J (declared power) < budget 5 J");
    String html = dev.llmh.reports.html.HtmlReport.render(run);
    assertThat(html).contains("energy_per_token &lt; 5J: 2.5 J (declared power)")
        .contains("cost_per_mtok &lt; 1USD: 0.58 USD (declared prices and power)")
        .doesNotContain("1s: 120 ms (declared");
  }
}
