package dev.llmh.reports.html;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.reports.FixturesAccess;
import dev.llmh.result.CaseResult;
import dev.llmh.result.RunRecord;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The report opens with the decision: who meets every budget, why the others do not, the best on each figure. */
class DecisionTest {

  @Test
  void theReportOpensWithWhichCasesMeetEveryBudgetAndACaseWithNoBudgetIsNoPass() {
    RunRecord base = FixturesAccess.run();
    List<CaseResult> results = new ArrayList<>(base.results());
    CaseResult passing = results.get(0);
    results.add(passing.toBuilder().identity(passing.scenario(), "free", "free[concurrency=1]", passing.params())
        .constraints(List.of()).build());
    RunRecord run = new RunRecord(base.schemaVersion(), base.run(), base.environment(), base.statistics(), results,
        List.of(), List.of());

    String html = HtmlReport.render(run);
    assertThat(html.indexOf("id=\"decision\"")).as("the first section").isLessThan(html.indexOf("id=\"verdicts\""));
    assertThat(Decision.of(run))
        .contains("1 of 4 cases meet every budget; 1 fail, 0 undecided, 1 have no budget, 1 did not run.")
        .contains("<td class=\"verdict NO_BUDGET\">NO BUDGET</td><td>no budget declared</td>")
        .contains("7 of 10 measured requests failed (first: HTTP 503 #1)")
        .contains("<td>TTFT p95</td><td>SummariseDocument › define[concurrency=1]</td><td>812 ms</td><td>2</td>");
    assertThat(HtmlTables.verdicts(run)).contains("class=\"verdict NO_BUDGET\">NO BUDGET<").doesNotContain("unbounded");
  }
}
