package dev.llmh.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.result.CaseResult;
import dev.llmh.result.CaseResult.ConstraintRecord;
import dev.llmh.result.CaseResult.EndpointRecord;
import dev.llmh.result.CaseResult.Requests;
import dev.llmh.result.CaseResult.Settings;
import dev.llmh.result.CaseResult.Throughput;
import dev.llmh.result.MetricSummary;
import dev.llmh.result.SampleRecord;
import dev.llmh.result.Section;
import dev.llmh.result.fixtures.CaseResults;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConsoleSummaryTest {
  private static final String ESC = "\u001b[";

  private static MetricSummary summary(int n, double p50) {
    return new MetricSummary(n, p50 + 1, 2.0, p50 - 5, p50, p50 + 3, p50 + 4, p50 + 5, p50 + 6, null);
  }

  /** A case of scenario {@code SummariseDocument} with the given params and metrics. */
  private static CaseResult result(
      String prompt, Map<String, Object> params, Map<String, MetricSummary> metrics, String verdict,
      List<ConstraintRecord> constraints) {
    return CaseResults.passing()
        .identity("dev.llmh.samples.SummariseDocument", prompt, prompt + params, params)
        .endpoint(new EndpointRecord("http://127.0.0.1:9/v1", true, "m", "llmh-small", null, null, "openai-chat", "embedded"))
        .settings(new Settings(24, 0.0, 42, null))
        .requests(new Requests(2, 0, 10, 10, 0, 0, 0, null))
        .metrics(metrics)
        .throughput(new Throughput(227.4, 9.48, 1000.0))
        .constraints(constraints)
        .verdict(verdict, List.of(), verdict.equals("INCONCLUSIVE") ? "skipped" : verdict.equals("PASS") ? "passed" : "failed")
        .build();
  }

  private static Map<String, Object> params(Object... keysAndValues) {
    Map<String, Object> params = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      params.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return params;
  }

  /** No reasoning and one token per chunk: ttfo repeats ttft and itl/token repeats itl. */
  private static Map<String, MetricSummary> plainMetrics() {
    Map<String, MetricSummary> metrics = new LinkedHashMap<>();
    metrics.put(CaseResult.TTFT, summary(10, 82.0));
    metrics.put(CaseResult.TTFO, summary(10, 82.0));
    metrics.put(CaseResult.TPOT, summary(10, 3.17));
    metrics.put(CaseResult.ITL, summary(230, 3.1));
    metrics.put(CaseResult.ITL_TOKEN, summary(230, 3.1));
    metrics.put(CaseResult.E2E, summary(10, 143.0));
    return metrics;
  }

  private static final ConstraintRecord PASSED = new ConstraintRecord(
      "ttft.p50 <= 2s", 82.0, 2000.0, "ms", "PASS", "ttft.p50 = 82 ms [70, 90] <= budget 2000 ms: PASS", null);

  @Test
  void rowsIdenticalToAnEarlierOneAreDroppedAndNamedOnce() {
    String block = ConsoleSummary.caseBlock(
        result("define", params("concurrency", 1), plainMetrics(), "PASS", List.of(PASSED)), false);
    assertThat(block).contains("  ttft (ms) ").contains("  itl (ms) ").contains("  tpot (ms) ")
        .doesNotContain("ttfo (ms)").doesNotContain("itl/token (ms)");
    assertThat(block).containsOnlyOnce("  (ttfo = ttft: no reasoning; itl/token = itl: one token per chunk)\n");
  }

  @Test
  void rowsThatDifferAreAllShownWithoutANote() {
    Map<String, MetricSummary> metrics = plainMetrics();
    metrics.put(CaseResult.TTFO, summary(10, 300.0)); // reasoning came first
    metrics.put(CaseResult.ITL_TOKEN, summary(460, 1.55)); // two tokens per chunk
    String block = ConsoleSummary.caseBlock(result("define", params("concurrency", 1), metrics, "PASS", List.of(PASSED)), false);
    assertThat(block).contains("  ttfo (ms) ").contains("  itl/token (ms) ").doesNotContain(" = ttft");
  }

  @Test
  void equalFiguresOfDifferentDimensionsAreNotTakenForEachOther() {
    Map<String, MetricSummary> metrics = plainMetrics();
    metrics.put(CaseResult.OUTPUT_TOKENS, summary(10, 82.0)); // the numbers of ttft, but a count
    String block = ConsoleSummary.caseBlock(result("define", params("concurrency", 1), metrics, "PASS", List.of(PASSED)), false);
    assertThat(block).contains("  output tokens ");
  }

  @Test
  void verdictWordsAreColouredOnlyWhenAsked() {
    ConstraintRecord undecided = new ConstraintRecord("ttft.p95 < 5s", 150.0, 5000.0, "ms", "INCONCLUSIVE",
        "ttft.p95 = 150 ms [140, ?] vs budget 5000 ms: INCONCLUSIVE: 59 requests are needed to show p95 below the budget (a PASS)", null);
    CaseResult result = result("define", params("concurrency", 1), plainMetrics(), "INCONCLUSIVE", List.of(PASSED, undecided));

    String coloured = ConsoleSummary.caseBlock(result, true);
    assertThat(coloured)
        .contains("<= budget 2000 ms: " + ESC + "32mPASS" + ESC + "0m\n")
        .contains("vs budget 5000 ms: " + ESC + "33mINCONCLUSIVE" + ESC + "0m: 59 requests")
        .contains("(a PASS)"); // only the verdict word is coloured
    assertThat(ConsoleSummary.runTable(List.of(result), true)).contains(ESC + "33mINCONCLUSIVE (skipped)" + ESC + "0m");

    assertThat(ConsoleSummary.caseBlock(result, false)).doesNotContain(ESC);
    assertThat(ConsoleSummary.runTable(List.of(result), false)).doesNotContain(ESC).contains("INCONCLUSIVE (skipped)");
  }

  @Test
  void runTableHeadersCarryTheirUnits() {
    String table = ConsoleSummary.runTable(
        List.of(result("define", params("concurrency", 1), plainMetrics(), "PASS", List.of())), false);
    List<String> lines = table.lines().toList();
    assertThat(lines.get(0)).contains("ttft p50", "ttft p95", "tpot p50", "e2e p95", "throughput", "verdict");
    // each unit sits right under its header's last character
    assertUnitUnder(lines, "ttft p50", "(ms)");
    assertUnitUnder(lines, "e2e p95", "(ms)");
    assertUnitUnder(lines, "throughput", "(tok/s)");
    assertThat(lines.get(2)).startsWith("SummariseDocument › define [concurrency=1]").contains("82.00").endsWith("PASS");
  }

  private static void assertUnitUnder(List<String> lines, String header, String unit) {
    int end = lines.get(0).indexOf(header) + header.length();
    assertThat(lines.get(1).substring(end - unit.length(), end)).as(header).isEqualTo(unit);
  }

  @Test
  void casesThatDifferOnlyInTheirLastParamStayDistinguishableAndNothingIsCut() {
    List<CaseResult> results = List.of(
        result("define", params("concurrency", 1, "documentWords", 200), plainMetrics(), "PASS", List.of()),
        result("define", params("concurrency", 1, "documentWords", 800), plainMetrics(), "PASS", List.of()),
        result("summarise", params("concurrency", 16, "documentWords", 800, "style", "a-rather-long-style-name",
            "temperatureProfile", "x".repeat(60)), plainMetrics(), "FAIL", List.of()));
    String table = ConsoleSummary.runTable(results, false);

    assertThat(table).doesNotContain("…");
    List<String> lines = table.lines().toList();
    int width = lines.get(0).indexOf("ttft p50") - 1;
    assertThat(width).isLessThanOrEqualTo(RunTable.MAX_NAME_WIDTH + 2);
    // a case's wrapped name, its figures on the last line: every character of every param is there
    List<String> rows = lines.subList(2, lines.size());
    assertThat(caseNames(rows, width)).containsExactly(
        "SummariseDocument›define[concurrency=1,documentWords=200]",
        "SummariseDocument›define[concurrency=1,documentWords=800]",
        "SummariseDocument›summarise[concurrency=16,documentWords=800,style=a-rather-long-style-name,temperatureProfile="
            + "x".repeat(60) + "]");
    // the figure line is the one that tells the two define cases apart
    assertThat(rows).anySatisfy(row -> assertThat(row).startsWith("  [concurrency=1, documentWords=200]").endsWith("PASS"));
    // names never run into the figures' columns
    for (String row : rows) {
      if (isFigureLine(row)) {
        assertThat(row.substring(width, width + 2)).as(row).isBlank();
      } else {
        assertThat(row.length()).as(row).isLessThanOrEqualTo(width);
      }
    }
  }

  private static boolean isFigureLine(String row) {
    return row.endsWith("PASS") || row.endsWith("FAIL");
  }

  /** Each case's name, from the lines before its figure line and that line's name cell, without spaces. */
  private static List<String> caseNames(List<String> rows, int width) {
    List<String> names = new java.util.ArrayList<>();
    StringBuilder name = new StringBuilder();
    for (String row : rows) {
      name.append((isFigureLine(row) ? row.substring(0, width) : row).replace(" ", ""));
      if (isFigureLine(row)) {
        names.add(name.toString());
        name.setLength(0);
      }
    }
    assertThat(name).as("lines after the last figure line").isEmpty();
    return names;
  }

  @Test
  void wrappingBreaksBetweenPiecesAndSplitsOnlyWhatCannotFit() {
    assertThat(RunTable.wrap("A › b [concurrency=1, words=2]", 40)).containsExactly("A › b [concurrency=1, words=2]");
    assertThat(RunTable.wrap("A › b [concurrency=1, words=2]", 17)).containsExactly("A › b", "  [concurrency=1,", "  words=2]");
    List<String> split = RunTable.wrap("A › b [text=" + "y".repeat(30) + "]", 16);
    assertThat(split).allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(16));
    assertThat(String.join("", split.stream().map(line -> line.startsWith("  ") ? line.substring(2) : line).toList()))
        .isEqualTo("A › b" + "[text=" + "y".repeat(30) + "]");
  }

  @Test
  void aCaseWithoutParamsHasNoEmptyBrackets() {
    CaseResult bare = result("define", Map.of(), plainMetrics(), "PASS", List.of());
    assertThat(ConsoleSummary.caseBlock(bare, false)).startsWith("LLMH SummariseDocument › define\n");
    assertThat(Arrays.stream(ConsoleSummary.runTable(List.of(bare), false).split("\n"))).noneMatch(l -> l.contains("[]"));
  }

  @Test
  void modelsSideBySideAreATablePerPromptWithRowsModelByConcurrencyAndOnlyWhereModelsAreCompared() {
    Map<String, MetricSummary> metrics = plainMetrics();
    metrics.put("decode_rate", summary(10, 48.9)); // mean 49.9: tok/s per request is the mean decode rate
    List<CaseResult> results = List.of(
        result("define", params("model", "q4", "concurrency", 1), metrics, "PASS", List.of()),
        result("define", params("model", "q4", "concurrency", 2), metrics, "FAIL", List.of()),
        result("define", params("model", "q8", "concurrency", 1), metrics, "PASS", List.of()),
        result("summarise", params("concurrency", 1), metrics, "PASS", List.of()));
    assertThat(ConsoleSummary.modelTables(results, false)).isEqualTo(String.join("\n",
        "LLMH models side by side: SummariseDocument › define",
        "model  conc  ttft p50  ttft p95  tok/s/req  total tok/s  verdict",
        "                 (ms)      (ms)     (mean)      (tok/s)",
        "q4        1     82.00     86.00      49.90          227  PASS",
        "          2     82.00     86.00      49.90          227  FAIL",
        "q8        1     82.00     86.00      49.90          227  PASS",
        ""));
    assertThat(ConsoleSummary.modelTables(results.subList(3, 4), false)).isEmpty();
  }

  @Test
  void modelsThatCheckTheirAnswersShowHowManyPassedBesideTheSpeed() {
    Map<String, MetricSummary> metrics = plainMetrics();
    metrics.put("decode_rate", summary(10, 48.9));
    var fast = new dev.llmh.result.ChecksRecord(List.of("ExpectJson"), 20, 12, Map.of("ExpectJson", 8), 60.0, null, null);
    var right = new dev.llmh.result.ChecksRecord(List.of("ExpectJson"), 20, 19, Map.of("ExpectJson", 1), 95.0, null, null);
    List<CaseResult> results = List.of(
        withChecks(result("define", params("model", "q4", "concurrency", 1), metrics, "PASS", List.of()), fast),
        withChecks(result("define", params("model", "q8", "concurrency", 1), metrics, "PASS", List.of()), right),
        result("define", params("model", "f16", "concurrency", 1), metrics, "PASS", List.of()));
    assertThat(ConsoleSummary.modelTables(results, false)).isEqualTo(String.join("\n",
        "LLMH models side by side: SummariseDocument › define",
        "model  conc  ttft p50  ttft p95  tok/s/req  total tok/s   checks  verdict",
        "                 (ms)      (ms)     (mean)      (tok/s)   passed",
        "q4        1     82.00     86.00      49.90          227    12/20  PASS",
        "q8        1     82.00     86.00      49.90          227    19/20  PASS",
        "f16       1     82.00     86.00      49.90          227        -  PASS",
        ""));
  }

  private static CaseResult withChecks(CaseResult r, dev.llmh.result.ChecksRecord checks) {
    return r.toBuilder()
        .section(Section.CHECKS, checks)
        .build();
  }

  @Test
  void theChecksOnTheAnswersAreOneLineAndNoneWithoutACheck() {
    CaseResult plain = result("define", params("concurrency", 1), plainMetrics(), "PASS", List.of(PASSED));
    assertThat(ConsoleSummary.caseBlock(plain, false)).doesNotContain("checks");
    var checks = new dev.llmh.result.ChecksRecord(List.of("ExpectJson", "cites"), 20, 17,
        new LinkedHashMap<>(Map.of("ExpectJson", 2)), 85.0, List.of(62.107, 96.793), null);
    assertThat(ConsoleSummary.caseBlock(withChecks(plain, checks), false))
        .contains("\n  checks     ExpectJson, cites: 17 of 20 passed (ExpectJson failed 2); success rate 85.0% [62.1, 96.8]\n");
    var none = new dev.llmh.result.ChecksRecord(List.of("cites"), 0, 0, Map.of(), null, null, "no measured request to check");
    assertThat(ConsoleSummary.caseBlock(withChecks(plain, none), false))
        .contains("\n  checks     cites: not measured: no measured request to check\n");
  }

  private static CaseResult withHardware(CaseResult r, dev.llmh.resources.Resources resources, dev.llmh.resources.CostRecord cost) {
    return r.toBuilder()
        .section(Section.RESOURCES, resources)
        .section(Section.COST, cost)
        .section(Section.PHYSICS, new dev.llmh.resources.PhysicsRecord(540.0, 69_200_000L, "gguf", 540 * 69.2e6,
            54.2e9, "probe", 540 * 69.2e6 / 54.2e9 * 100, null, null, null, null))
        .section(Section.CHECKS, null)
        .build();
  }

  @Test
  void theServingHardwareIsSummarisedInAFewLinesAndAFigureNotMeasuredSaysWhy() {
    var gpu = new dev.llmh.resources.GpuResources("nvidia-smi", 250, 2, List.of(
        new dev.llmh.resources.GpuResources.Gpu(0, "NVIDIA L4", 24L << 30, 10L << 30, 91.5, 70.2)), List.of(), null, null)
        .withServer(new dev.llmh.resources.GpuServerShare("gpu", "pid 7 on GPU 0 in nvidia-smi --query-compute-apps", List.of(0),
            8L << 30, null, "GPU 0 was also used by pid 9 (poll at 0 ms), a process not the server's", List.of(), List.of()));
    var energy = new dev.llmh.resources.Energy("declared", 9000.0, 90.0, 100_000L, null, 2.5);
    var resources = new dev.llmh.resources.Resources("pid 7 and its children", 250, 40, 231L << 20, 200L << 20, 185.0, List.of(),
        null, gpu, energy, null);
    var cost = new dev.llmh.resources.CostRecord("USD", "owned", 0.58, 0.40, 0.18, 100.0, 95.0, 2.1, "declared", null);
    String block = ConsoleSummary.caseBlock(
        withHardware(result("define", params("concurrency", 1), plainMetrics(), "PASS", List.of(PASSED)), resources, cost), false);
    assertThat(block)
        .contains("  process    peak rss 231 MiB, cpu 185 % of a core on average (pid 7 and its children, 40 samples every 250 ms)\n")
        .contains("  gpus       0 NVIDIA L4: memory peak 10240 MiB, 91.5 % busy, 70.2 W mean (the machine's)\n")
        .contains("  gpu share  the server's: memory peak 8192 MiB on GPU [0], power not measured: GPU 0 was also used by pid 9"
            + " (poll at 0 ms), a process not the server's\n")
        .contains("  energy     2.5 J per token (declared, an estimate from the declared power: 90 W mean over 100000 ms)\n")
        .contains("  bandwidth  decode 540 tok/s per stream × 69.2 MB of weights (gguf) = 37.4 GB/s, 68.9 % of 54.2 GB/s (probe)\n")
        .contains("  cost       0.58 USD per million output tokens, declared prices and power (hardware 0.4 USD + electricity"
            + " 0.18 USD from the declared power, owned, at 100 % utilisation)\n");

    var remote = dev.llmh.resources.Resources.notMeasured("http://gpu-box/v1", 250, "remote endpoint: no process to sample");
    String remoteBlock = ConsoleSummary.caseBlock(withHardware(result("define", params("concurrency", 1), plainMetrics(), "PASS",
        List.of(PASSED)), remote, dev.llmh.resources.CostRecord.notMeasured("USD", "no prices declared: set ...")), false);
    assertThat(remoteBlock).contains("  process    not measured: remote endpoint: no process to sample\n")
        .doesNotContain("  gpus ").doesNotContain("  energy ").doesNotContain("  cost ");
  }

  @Test
  void theRunEndsWithOneLineCountingTheUndecidedBudgetsAndHowToDecideThem() {
    ConstraintRecord fewRequests = new ConstraintRecord("ttft.p99 < 1s", 120.0, 1000.0, "ms", "INCONCLUSIVE",
        "ttft.p99 = 120 ms [110, unbounded] < budget 1000 ms: INCONCLUSIVE (a bound needs 59 requests)", null);
    ConstraintRecord declared = new ConstraintRecord("cost_per_mtok < 1USD", 0.5, 1.0, "USD", "INCONCLUSIVE",
        "cost_per_mtok = 0.5 USD (declared prices) < budget 1 USD: INCONCLUSIVE (not decided: a figure from declared prices"
            + " shows nothing about the server; set ...)", null);
    ConstraintRecord implausible = new ConstraintRecord("tpot.p50 < 50ms", 2.0, 50.0, "ms", "INCONCLUSIVE",
        "tpot.p50 = 2 ms [2, 2] < budget 50 ms: INCONCLUSIVE (not decided: the decode rate is implausible: 500 tok/s × ...)", null);
    List<CaseResult> results = List.of(
        result("a", params("concurrency", 1), plainMetrics(), "INCONCLUSIVE", List.of(PASSED, fewRequests, declared)),
        result("b", params("concurrency", 1), plainMetrics(), "FAIL", List.of(implausible, declared)),
        result("c", params("concurrency", 1), plainMetrics(), "PASS", List.of(PASSED)),
        result("d", params("concurrency", 16), plainMetrics(), "NOT_RUN", List.of(fewRequests)));
    assertThat(ConsoleSummary.undecided(results)).isEqualTo("LLMH undecided: 4 budgets INCONCLUSIVE in 2 cases (1 needs more"
        + " requests (@Measurement(requests), or maxRequests when adaptive) or the figure their reason names; 2 rest on declared"
        + " figures: @Cost(trustDeclared = true) or -Dllmh.cost.trustDeclared=true; 1 rests on an implausible decode rate:"
        + " declare llmh.model.bytes or llmh.hardware.memoryBandwidth); they leave the build green: -Dllmh.inconclusive=fail"
        + " makes such a case fail\n");
    assertThat(ConsoleSummary.undecided(List.of(results.get(2), results.get(3)))).isEmpty();
  }

  /** A warning of many lines (a server's error page) is one short line on the console; the record keeps it whole. */
  @Test
  void aLongWarningIsOneLineSayingWhereTheWholeTextIs() {
    String page = "the judge's server answered 502 Bad Gateway:\n<html>\n<body>" + "upstream unavailable ".repeat(40) + "</body>\n</html>";
    String sentence = "only 4 measured requests at concurrency 8: fewer than 2 × concurrency, so most requests start in the first wave";
    CaseResult result = result("define", params("concurrency", 1), plainMetrics(), "PASS", List.of(PASSED)).toBuilder()
        .section(Section.WARNINGS, List.of(page, sentence, "x ".repeat(400).strip()))
        .build();
    List<String> warnings = ConsoleSummary.caseBlock(result, false).lines().filter(l -> l.startsWith("  warning: ")).toList();
    assertThat(warnings).hasSize(3);
    assertThat(warnings.get(0)).isEqualTo(
        "  warning: the judge's server answered 502 Bad Gateway: … (the whole text: warnings in the results file)");
    assertThat(warnings.get(1)).as("a sentence is shown whole").isEqualTo("  warning: " + sentence);
    assertThat(warnings.get(2)).as("a long line is cut at a word").endsWith("x x … (the whole text: warnings in the results file)")
        .hasSizeLessThan(ConsoleText.SHOWN + 70);
    assertThat(result.section(Section.WARNINGS).get(0)).as("the record keeps it whole").isEqualTo(page);
  }

  /** A failed request's error of several lines is one line, as a warning is. */
  @Test
  void aFailedRequestsMultiLineErrorIsOneLine() {
    CaseResult base = result("define", params("concurrency", 1), plainMetrics(), "PASS", List.of(PASSED));
    CaseResult failed = base.toBuilder()
        .samples(List.of(SampleRecord.builder().times(0.0, null, null, 5.0, 5.0).chunkMs(List.of()).flags(List.of())
            .error("HTTP 500: Internal Server Error\n{\"error\": \"boom\"}").chunks(0, 0).build()))
        .build();
    assertThat(ConsoleSummary.caseBlock(failed, false)).contains(
        "  failed request: HTTP 500: Internal Server Error … (the whole text: samples[].error in the results file)\n")
        .doesNotContain("boom");
  }
}
