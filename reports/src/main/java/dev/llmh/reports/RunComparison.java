package dev.llmh.reports;

import dev.llmh.baseline.Baselines;
import dev.llmh.baseline.CaseKey;
import dev.llmh.baseline.RegressionJudge;
import dev.llmh.baseline.ShiftTest;
import dev.llmh.result.BaselineRecord.MetricComparison;
import dev.llmh.result.CaseResult;
import dev.llmh.result.ModelConcurrency;
import dev.llmh.result.RunRecord;
import dev.llmh.result.Section;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Run B against run A, case by case, by the rule baselines use ({@link Baselines#compareSamples}):
 * per-request values, Mann–Whitney U and the Hodges–Lehmann interval of the median's relative change;
 * a regression needs p below 5% and the whole interval beyond the noise band. Cases match by
 * scenario, case id, parameters and requested model; a matched pair that differs in what makes
 * cases comparable (prompt, served model, endpoint kind, settings), or that one run did not run, is
 * listed, not compared.
 */
record RunComparison(
    double noiseBandPercent, List<Row> rows, List<String> onlyInA, List<String> onlyInB, List<String> notCompared,
    List<String> environmentDifferences) {

  /** One metric of one case. */
  record Row(String caseName, String model, String metric, MetricComparison comparison) {
    boolean improved(double band) {
      Double upper = comparison.intervalPercent()[1];
      return comparison.pValue() != null && comparison.pValue() < ShiftTest.ALPHA && upper != null && upper < -band;
    }
  }

  static RunComparison of(RunRecord a, RunRecord b, double noiseBandPercent) {
    Map<String, CaseResult> before = byKey(a);
    Map<String, CaseResult> after = byKey(b);
    List<Row> rows = new ArrayList<>();
    List<String> onlyInA = new ArrayList<>();
    List<String> onlyInB = new ArrayList<>();
    List<String> notCompared = new ArrayList<>();
    before.forEach((key, caseA) -> {
      if (!after.containsKey(key)) {
        onlyInA.add(label(caseA));
      }
    });
    after.forEach((key, caseB) -> {
      CaseResult caseA = before.get(key);
      if (caseA == null) {
        onlyInB.add(label(caseB));
        return;
      }
      String notRun = notRun(caseA, "A", notRun(caseB, "B", null));
      if (notRun != null) {
        notCompared.add(label("NOT_RUN".equals(caseB.verdict()) ? caseA : caseB) + ": " + notRun);
        return;
      }
      List<String> differences = caseKey(caseB).differencesFrom(caseKey(caseA));
      if (!differences.isEmpty()) {
        notCompared.add(label(caseB) + ": the case differs (" + String.join("; ", differences) + ")");
        return;
      }
      Map<String, MetricComparison> metrics = Baselines.compareSamples(
          Baselines.perRequest(orEmpty(caseA.samples())), Baselines.perRequest(orEmpty(caseB.samples())), noiseBandPercent);
      if (metrics.isEmpty()) {
        notCompared.add(label(caseB) + ": no successful request measured it in both runs");
        return;
      }
      metrics.forEach((metric, m) -> rows.add(new Row(MarkdownReport.caseName(caseB), model(caseB), metric, m)));
    });
    List<String> environment = Baselines.environmentDifferences(machine(a.environment()), machine(b.environment()));
    return new RunComparison(noiseBandPercent, rows, onlyInA, onlyInB, notCompared, environment);
  }

  /** The environment less what a merge wrote of its shards, which says nothing of the machine. */
  private static Map<String, Object> machine(Map<String, Object> environment) {
    if (environment == null) {
      return null;
    }
    Map<String, Object> machine = new LinkedHashMap<>(environment);
    machine.keySet().removeIf(RunMerge::perRun);
    return machine;
  }

  List<Row> regressions() {
    return rows.stream().filter(r -> r.comparison().regression()).toList();
  }

  String render(String nameA, String nameB) {
    StringBuilder out = new StringBuilder();
    out.append("# LLMH comparison: ").append(nameB).append(" against ").append(nameA).append("\n\n");
    out.append("Per case and metric, the change of the median from A to B on per-request values (Hodges–Lehmann, 95% interval),"
        + " Mann–Whitney p; a regression needs p < 0.05 and the interval's lower end above the noise band of ")
        .append(percent(noiseBandPercent, false)).append(", as baselines judge it. + is slower.\n\n");
    if (!rows.isEmpty()) {
      out.append("| case | model | metric | A p50 (ms) | B p50 (ms) | change | 95% interval | p | n A / B | verdict |\n");
      out.append("|---|---|---|---:|---:|---:|---|---:|---|---|\n");
      for (Row row : rows) {
        MetricComparison m = row.comparison();
        Double lo = m.intervalPercent()[0];
        Double hi = m.intervalPercent()[1];
        out.append("| ").append(MarkdownReport.cell(row.caseName())).append(" | ").append(MarkdownReport.cell(row.model()))
            .append(" | ").append(row.metric().replace("_ms", "")).append(" | ").append(MarkdownReport.number(m.baselineP50()))
            .append(" | ").append(MarkdownReport.number(m.p50())).append(" | ")
            .append(m.changePercent() == null ? MarkdownReport.MISSING : percent(m.changePercent(), true)).append(" | ")
            .append(lo == null || hi == null ? "not bounded: too few requests" : "[" + percent(lo, true) + ", " + percent(hi, true) + "]")
            .append(" | ").append(m.pValue() == null ? MarkdownReport.MISSING : String.format(Locale.ROOT, "%.2g", m.pValue()))
            .append(" | ").append(m.baselineN()).append(" / ").append(m.n()).append(" | ")
            .append(m.regression() ? "**REGRESSION**" : row.improved(noiseBandPercent) ? "faster" : "within noise")
            .append(" |\n");
      }
      out.append('\n');
    }
    list(out, "Only in " + nameA, onlyInA);
    list(out, "Only in " + nameB, onlyInB);
    list(out, "Not compared", notCompared);
    if (!environmentDifferences.isEmpty()) {
      list(out, "The environments differ (a change may be the machine's, not the server's)", environmentDifferences);
    }
    List<Row> regressions = regressions();
    out.append(rows.isEmpty() ? "Nothing compared: no case measured in both files.\n" : regressions.isEmpty()
        ? "No regression beyond the noise band in " + rows.size() + " comparison" + (rows.size() == 1 ? "" : "s") + ".\n"
        : regressions.size() + " regression" + (regressions.size() == 1 ? "" : "s") + " beyond the noise band: "
            + String.join(", ", regressions.stream().map(r -> r.caseName() + " " + r.metric().replace("_ms", "") + " "
                + percent(r.comparison().changePercent(), true)).toList()) + ".\n");
    return out.toString();
  }

  private static void list(StringBuilder out, String title, List<String> items) {
    if (items.isEmpty()) {
      return;
    }
    out.append(title).append(":\n\n");
    items.forEach(item -> out.append("- ").append(MarkdownReport.text(item)).append('\n'));
    out.append('\n');
  }

  /** "not run in B (reasons)", with {@code other} appended where both were not run; null when both ran. */
  private static String notRun(CaseResult result, String run, String other) {
    if (!"NOT_RUN".equals(result.verdict())) {
      return other;
    }
    List<String> reasons = orEmpty(result.verdictReasons());
    String said = "not run in " + run + (reasons.isEmpty() ? "" : " (" + String.join("; ", reasons) + ")");
    return other == null ? said : said + "; " + other;
  }

  /**
   * Scenario, case id, parameters and requested model: what a person means by "the same case". The
   * model asked for, not the one served: a case not run served none, and a case on the server's
   * default model served another model elsewhere is caught by the case key, not lost as "only in".
   */
  private static Map<String, CaseResult> byKey(RunRecord record) {
    Map<String, CaseResult> cases = new LinkedHashMap<>();
    for (CaseResult result : record.results()) {
      CaseResult.EndpointRecord endpoint = result.endpoint();
      String model = endpoint == null ? null : endpoint.requestedModel();
      String key = result.scenario() + "\u0000" + result.caseId() + "\u0000" + new TreeMap<>(orEmpty(result.params())) + "\u0000" + model;
      cases.putIfAbsent(key, result);
    }
    return cases;
  }

  /** The baselines' notion of comparable, built from the record as the engine builds it from the plan. */
  private static CaseKey caseKey(CaseResult result) {
    Map<String, String> params = new LinkedHashMap<>();
    orEmpty(result.params()).forEach((k, v) -> params.put(k, String.valueOf(v)));
    CaseResult.EndpointRecord endpoint = result.endpoint();
    CaseResult.Settings settings = result.settings();
    return new CaseKey(result.scenario(), result.caseId(), params, result.section(Section.PROMPT_HASH),
        endpoint == null ? null : endpoint.servedModel(),
        endpoint == null ? null : endpoint.kindOrGuess() + "/" + endpoint.api(),
        settings == null ? 0 : settings.maxTokens(), settings == null ? 0 : settings.temperature(),
        settings == null ? 0 : settings.seed(), result.section(Section.PROMPT_CACHE));
  }

  private static String label(CaseResult result) {
    return MarkdownReport.caseName(result) + " (model " + model(result) + ")";
  }

  private static String percent(double value, boolean signed) {
    return RegressionJudge.percent(value, signed);
  }

  private static <T> List<T> orEmpty(List<T> list) {
    return list == null ? List.of() : list;
  }

  private static <K, V> Map<K, V> orEmpty(Map<K, V> map) {
    return map == null ? Map.of() : map;
  }

  private static String model(CaseResult result) {
    String model = ModelConcurrency.model(result);
    return model == null ? MarkdownReport.MISSING : model;
  }
}
