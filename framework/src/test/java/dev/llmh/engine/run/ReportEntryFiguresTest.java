package dev.llmh.engine.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.resources.CostRecord;
import dev.llmh.resources.Resources;
import dev.llmh.result.CaseResult;
import dev.llmh.result.Section;
import dev.llmh.result.SloRecord;
import dev.llmh.result.fixtures.CaseResults;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The JUnit report entry names every feature's line and each of its values, as the results file names them. */
class ReportEntryFiguresTest {

  @Test
  void eachFeaturesValuesAreNamedByTheirPathMarkedDeclaredOrNotMeasured() {
    CaseResult result = CaseResults.passing()
        .section(Section.SLO, new SloRecord(new SloRecord.Targets(2000.0, null, null), 20, 16, 3.2, List.of(2.5, 3.7),
            80.0, List.of(56.0, 94.0), null))
        .section(Section.RESOURCES, new Resources("pid 7", 250, 40, 231L << 20, 200L << 20, 185.0, List.of(), null, null,
            null, null))
        .section(Section.COST, new CostRecord("USD", "owned", 0.58, 0.40, 0.18, 100.0, 95.0, 2.5, "declared", null))
        .build();
    Map<String, String> entry = JUnitResults.reportEntry(result);
    assertThat(entry)
        .containsEntry("llmh.slo.goodput", "3.200")
        .containsEntry("llmh.slo.slo_attainment", "80.00")
        .containsEntry("llmh.cost.per_mtok", "0.5800 (declared)")
        .containsKey("llmh.slo")
        .containsKey("llmh.cost")
        .containsEntry("llmh.resources.peak_rss_bytes", String.format(java.util.Locale.ROOT, "%.4g", (double) (231L << 20)));
    assertThat(entry.get("llmh.slo")).contains("16 of 20 good");

    CaseResult unmeasured = CaseResults.passing()
        .section(Section.SLO, new SloRecord(new SloRecord.Targets(2000.0, null, null), null, null, null, null, null, null,
            "no request succeeded"))
        .build();
    assertThat(JUnitResults.reportEntry(unmeasured)).containsEntry("llmh.slo.goodput", "not measured: no request succeeded");
  }
}
