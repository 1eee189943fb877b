package dev.llmh.reports.html;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.reports.FixturesAccess;
import dev.llmh.result.ResultsFiles;
import dev.llmh.result.RunRecord;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HtmlReportTest {

  private static Map<String, Section> sections(RunRecord record) {
    return HtmlReport.sections(record).stream().collect(Collectors.toMap(Section::id, s -> s));
  }

  @Test
  void theVerdictTableSaysWhichModelAnsweredWhenItIsNotTheOneNamed() {
    dev.llmh.result.CaseResult c = RichRun.record().results().stream()
        .filter(r -> r.endpoint() != null && r.endpoint().servedModel() != null).findFirst().orElseThrow();
    String named = dev.llmh.result.ModelConcurrency.model(c);
    assertThat(dev.llmh.result.ModelConcurrency.label(c)).isEqualTo(named + " (answered by " + c.endpoint().servedModel() + ")");
    assertThat(HtmlReport.render(RichRun.record())).contains(Html.escape(named + " (answered by " + c.endpoint().servedModel() + ")"));
    assertThat(dev.llmh.result.ModelConcurrency.label(withServed(c, "llmh-" + named))).as("the embedded server's own id for it").isEqualTo(named);
  }

  /** Where a slow TTFT went, at a glance: the network section's split in the verdict table, not only in the folds. */
  @Test
  void theVerdictTableShowsTheTtftSpentReachingTheServerAndWaitingOnIt() {
    RunRecord run = RichRun.record();
    List<dev.llmh.result.CaseResult> cases = new java.util.ArrayList<>(run.results());
    cases.set(0, cases.get(0).toBuilder().section(dev.llmh.network.NetworkRecord.SECTION, new dev.llmh.network.NetworkRecord(
        20.4, "gpu-box:8000", 10, 10, 10, List.of("1.1"), null, null, null, 61.2, 30.6, Map.of())).build());
    RunRecord networked = new RunRecord(run.schemaVersion(), run.run(), run.environment(), run.statistics(), cases, run.fits(),
        run.saturation());
    String verdicts = sections(networked).get("verdicts").html();
    assertThat(verdicts).contains("TTFT p50: reaching / waiting on the server (ms)");
    assertThat(verdicts.substring(verdicts.indexOf("<tbody>"))).contains("<td>61.2 / 30.6</td><td>").contains("not measured");
  }

  @Test
  void aCaseWithoutSamplesOnAFitIsLeftOutOfItsChartNotAFailedPage() {
    RunRecord run = RichRun.record();
    List<dev.llmh.result.CaseResult> cases = run.results().stream().map(r -> {
      var e = r.endpoint();
      return r.toBuilder()
        .endpoint(e)
        .samples(null)
        .build();
    }).toList();
    RunRecord sampleless = new RunRecord(run.schemaVersion(), run.run(), run.environment(), run.statistics(), cases, run.fits(),
        run.saturation());
    assertThat(HtmlReport.render(sampleless)).contains("<!DOCTYPE html>");
  }

  private static dev.llmh.result.CaseResult withServed(dev.llmh.result.CaseResult r, String served) {
    var e = r.endpoint();
    var endpoint = new dev.llmh.result.CaseResult.EndpointRecord(
        e.url(), e.embedded(), e.requestedModel(), served, e.ownedBy(), e.server(), e.api(), e.kind());
    return r.toBuilder()
        .endpoint(endpoint)
        .build();
  }

  @Test
  void everyChartOfARichRunHasDataAndTheKneeIsMarked() {
    RunRecord run = RichRun.record();
    Map<String, Section> sections = sections(run);
    for (String id : List.of("prefill", "sweep", "cdf", "timeline", "resources", "models")) {
      assertThat(sections.get(id).notMeasured()).as(id).isNull();
      assertThat(sections.get(id).charts()).as(id).isNotEmpty()
          .allSatisfy(c -> assertThat(c.series()).allSatisfy(s -> assertThat(s.data()).isNotEmpty()));
    }
    ChartSpec prefill = sections.get("prefill").charts().get(0);
    assertThat(prefill.series().get(0).data()).hasSize(30); // every request of the three lengths
    // The line is the fit: TTFT = 20 + 0.05 × tokens within the noise of 1 ms.
    List<Object> end = prefill.series().get(1).data().get(1);
    assertThat((Double) end.get(1)).isCloseTo(20 + 0.05 * 2048, org.assertj.core.data.Offset.offset(1.5));
    ChartSpec sweep = sections.get("sweep").charts().get(0);
    assertThat(sweep.markX()).isEqualTo(4.0);
    assertThat(sweep.series()).extracting(ChartSpec.Series::name)
        .containsExactly("TTFT p50", "TTFT p95", "total output tok/s");
    assertThat(sweep.series().get(2).data()).extracting(p -> p.get(1)).containsExactly(110.0, 200.0, 330.0, 345.0);
    // The concurrency-8 case lost one request: drawn as a failure at its end.
    ChartSpec timeline = sections.get("timeline").charts().stream().filter(c -> c.title().contains("concurrency=8"))
        .findFirst().orElseThrow();
    assertThat(timeline.series()).filteredOn(s -> s.name().equals("failure")).singleElement()
        .satisfies(s -> assertThat(s.data()).containsExactly(List.of(1115.0, 11.0)));
    assertThat(sections.get("models").charts()).extracting(ChartSpec::id)
        .containsExactly("models-ttft", "models-tpot", "models-throughput");
    assertThat(sections.get("models").html()).as("no case checks its answers").doesNotContain("checks passed");
  }

  @Test
  void modelsThatCheckTheirAnswersShowHowManyPassedBesideTheSpeed() {
    RunRecord rich = RichRun.record();
    List<dev.llmh.result.CaseResult> results = rich.results().stream().map(r -> !"ModelsSideBySide".equals(simple(r.scenario())) ? r
        : r.toBuilder().section(dev.llmh.result.Section.CHECKS, r.params().get("model").equals("large")
            ? new dev.llmh.result.ChecksRecord(List.of("ExpectJson"), 10, 9, Map.of("ExpectJson", 1), 90.0, List.of(55.5, 99.7), null)
            : new dev.llmh.result.ChecksRecord(List.of("ExpectJson"), 10, 4, Map.of("ExpectJson", 6), 40.0, List.of(12.2, 73.8), null))
            .build()).toList();
    String html = ServerCharts.models(new RunRecord(rich.schemaVersion(), rich.run(), rich.environment(), rich.statistics(), results,
        rich.fits(), rich.saturation())).html();
    assertThat(html).contains("<th>output tok/s</th><th>checks passed</th><th>verdict</th>").contains("<td>4/10</td>")
        .contains("<td>9/10</td>");
  }

  @Test
  void theServersOwnMetricsAreDrawnLookByLookOrSayWhyNot() {
    RunRecord rich = RichRun.record();
    Map<String, Object> figures = new java.util.LinkedHashMap<>();
    figures.put("server_requests_running", Map.of("min", 0.0, "mean", 1.0, "max", 2.0, "series", List.of(0.0, 2.0, 1.0)));
    figures.put("server_requests_waiting", Map.of("min", 0.0, "mean", 0.33, "max", 1.0, "series", List.of(0.0, 1.0, 0.0)));
    figures.put("server_kv_cache_usage", Map.of("min", 0.0, "mean", 20.0, "max", 40.0, "series", List.of(0.0, 40.0, 20.0)));
    dev.llmh.servermetrics.ServerMetricsRecord looked = new dev.llmh.servermetrics.ServerMetricsRecord("http://h:8000/metrics", 250,
        3, List.of(0.0, 250.0, 500.0), figures, Map.of(), Map.of());
    dev.llmh.servermetrics.ServerMetricsRecord none = new dev.llmh.servermetrics.ServerMetricsRecord("http://h:8080/metrics", 250,
        0, List.of(), Map.of(), Map.of("server_kv_cache_usage", "GET http://h:8080/metrics answered HTTP 404"), Map.of());
    List<dev.llmh.result.CaseResult> results = List.of(
        rich.results().get(0).toBuilder().section(dev.llmh.servermetrics.ServerMetricsRecord.SECTION, looked).build(),
        rich.results().get(1).toBuilder().section(dev.llmh.servermetrics.ServerMetricsRecord.SECTION, none).build());
    Section section = ServerMetricsCharts.of(new RunRecord(rich.schemaVersion(), rich.run(), rich.environment(), rich.statistics(),
        results, rich.fits(), rich.saturation()));
    assertThat(section.charts()).singleElement().satisfies(chart -> {
      assertThat(chart.series()).extracting(ChartSpec.Series::name)
          .containsExactly("requests running", "requests waiting", "KV cache in use (%)");
      assertThat(chart.series().get(2).data()).containsExactly(List.of(0.0, 0.0), List.of(0.25, 40.0), List.of(0.5, 20.0));
      assertThat(chart.note()).isEqualTo("http://h:8000/metrics, every 250 ms; 3 looks");
    });
    Section nothing = ServerMetricsCharts.of(new RunRecord(rich.schemaVersion(), rich.run(), rich.environment(), rich.statistics(),
        results.subList(1, 2), rich.fits(), rich.saturation()));
    assertThat(nothing.notMeasured()).isEqualTo("not measured: GET http://h:8080/metrics answered HTTP 404");
  }

  private static String simple(String scenario) {
    return scenario.substring(scenario.lastIndexOf('.') + 1);
  }

  @Test
  void aRunWithoutSweepsFitsSamplesOrModelsSaysNotMeasuredAndWhy() {
    Map<String, Section> sections = sections(FixturesAccess.run());
    assertThat(sections.get("prefill").notMeasured()).contains("three or more @SyntheticPrompt lengths");
    assertThat(sections.get("sweep").notMeasured()).contains("single concurrency");
    assertThat(sections.get("resources").notMeasured()).contains("no case sampled");
    assertThat(sections.get("models").notMeasured()).contains("no case ran on two or more models");
    for (String id : List.of("prefill", "sweep", "resources", "models")) {
      assertThat(sections.get(id).charts()).as(id).isEmpty();
    }
    String page = HtmlReport.render(FixturesAccess.run());
    assertThat(page).contains("Not measured: no scenario ran three or more @SyntheticPrompt lengths");
  }

  @Test
  void thePageIsSelfContainedAndItsDataCannotEndAScriptEarly() throws Exception {
    RunRecord run = RichRun.record();
    String page = HtmlReport.render(run);
    assertThat(page).contains(ChartLibrary.script());
    // The library's own code builds elements at run time; the page around it must reference nothing outside.
    assertThat(page.replace(ChartLibrary.script(), "")).doesNotContain("<link").doesNotContain(" src=").doesNotContain(RichRun.HOSTILE)
        .doesNotContainPattern("url\\(\\s*['\"]?https?:").contains("echarts");
    // Four script elements: the library, the chart data, the record, the page's script.
    assertThat(Pattern.compile("</script>").matcher(page).results().count()).isEqualTo(4);
    Matcher record = Pattern.compile("<script type=\"application/json\" id=\"llmh-record\">(.*?)</script>", Pattern.DOTALL)
        .matcher(page);
    assertThat(record.find()).isTrue();
    RunRecord back = ResultsFiles.mapper().readValue(record.group(1), RunRecord.class);
    assertThat(back.results()).hasSize(run.results().size());
    assertThat(back.results().get(back.results().size() - 1).section(dev.llmh.result.Section.ERROR)).contains(RichRun.HOSTILE);
  }

  @Test
  void theEnvironmentAndEveryNotMeasuredAreListed() {
    String page = HtmlReport.render(RichRun.record());
    assertThat(page).contains("<th>javaVersion</th><td>17.0.15</td>")
        .contains("nvidia-smi not found").contains("server version: endpoint offers no version route")
        .contains("Which phase binds").contains("Evidence for the KV cache growing");
    List<String[]> notMeasured = EnvironmentTables.notMeasured(RichRun.record());
    assertThat(notMeasured).extracting(r -> r[0] + ": " + r[1]).contains(
        "environment.gpusNotMeasured: nvidia-smi not found",
        "environment: server version: endpoint offers no version route");
  }

  @Test
  void writesTheDatedReportAndLatestBesideTheResultsFile(@TempDir Path directory) throws Exception {
    List<Path> written = new HtmlReportWriter().write(RichRun.record(), directory, "run-2026-12-01T04-00-00Z");
    assertThat(written).containsExactly(directory.resolve("run-2026-12-01T04-00-00Z.html"), directory.resolve("latest.html"));
    assertThat(Files.readString(written.get(0), StandardCharsets.UTF_8))
        .isEqualTo(Files.readString(written.get(1), StandardCharsets.UTF_8)).startsWith("<!DOCTYPE html>");
    try (var files = Files.list(directory)) {
      assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp"));
    }
  }
}
