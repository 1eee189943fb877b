package dev.llmh.reports.html;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.llmh.result.CaseResult;
import dev.llmh.result.ResultsFiles;
import dev.llmh.result.RunRecord;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A results file as one self-contained HTML page: the chart library, the page's script and the run's
 * figures are all inlined, so the file opens offline and requests nothing. Tables are rendered here;
 * charts are specified here ({@link ChartSpec}) and drawn by the page's script with Apache ECharts.
 * Anything without data says "not measured" and why, in place of a chart.
 */
public final class HtmlReport {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private HtmlReport() {}

  /** The page. */
  public static String render(RunRecord record) {
    return render(record, title(record));
  }

  /** The page, under the given title. */
  public static String render(RunRecord record, String title) {
    List<Section> sections = sections(record);
    StringBuilder out = new StringBuilder(1_200_000);
    out.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        .append("<title>").append(Html.escape(title)).append("</title><style>")
        .append(ChartLibrary.resource("report.css")).append("</style></head><body>\n<header><h1>")
        .append(Html.escape(title)).append("</h1><p>").append(Html.escape(overview(record))).append("</p></header>\n");
    for (Section section : sections) {
      out.append("<section id=\"").append(section.id()).append("\"><h2>").append(Html.escape(section.title()))
          .append("</h2>").append(section.html());
      if (section.notMeasured() != null) {
        out.append("<p class=\"missing not-measured\">Not measured: ").append(Html.escape(section.notMeasured()))
            .append("</p>");
      } else if (!section.charts().isEmpty()) {
        out.append("<div class=\"charts\">");
        for (ChartSpec chart : section.charts()) {
          // a folded chart is drawn by the page's script when its fold first opens: closed, it has no size
          out.append(section.foldCharts() ? "<details class=\"chart-fold\"><summary>" + Html.escape(chart.title())
              + "</summary>" : "").append("<figure><h3>").append(Html.escape(chart.title()))
              .append("</h3><div class=\"chart\" id=\"").append(chart.id()).append("\" data-points=\"")
              .append(chart.points()).append("\"></div>");
          if (chart.note() != null) {
            out.append("<figcaption>").append(Html.escape(chart.note())).append("</figcaption>");
          }
          out.append(section.foldCharts() ? "</figure></details>" : "</figure>");
        }
        out.append("</div>");
      }
      out.append("</section>\n");
    }
    out.append("<footer>LLMH report · charts by Apache ECharts ").append(Html.escape(ChartLibrary.version()))
        .append(", inlined: this file makes no network request.</footer>\n")
        .append("<script>").append(ChartLibrary.script()).append("</script>\n")
        .append("<script type=\"application/json\" id=\"llmh-data\">").append(Html.scriptJson(json(sections)))
        .append("</script>\n<script type=\"application/json\" id=\"llmh-record\">").append(Html.scriptJson(json(record)))
        .append("</script>\n<script>").append(ChartLibrary.resource("report.js")).append("</script>\n</body></html>\n");
    return out.toString();
  }

  /** Every section in page order, tables and chart specifications computed. */
  static List<Section> sections(RunRecord record) {
    return List.of(
        Section.table("decision", "Decision", Decision.of(record)),
        Section.table("verdicts", "Verdicts", HtmlTables.verdicts(record)),
        Section.table("phases", "Which phase binds", HtmlTables.phases(record)),
        Section.table("figures", "Each case's figures", FigureTables.of(record)),
        SweepCharts.prefill(record),
        SweepCharts.sweep(record),
        RequestCharts.cdfs(record),
        RequestCharts.timelines(record),
        ServerCharts.resources(record),
        ServerMetricsCharts.of(record),
        ServerCharts.models(record),
        Section.table("environment", "Environment", EnvironmentTables.environment(record)),
        Section.table("not-measured", "Not measured", EnvironmentTables.notMeasuredTable(record)));
  }

  /**
   * Writes {@code <runName>.html} and then {@code latest.html} into {@code directory}, each through a
   * temporary file; returns both, the dated one first.
   */
  public static List<Path> write(RunRecord record, Path directory, String runName) throws IOException {
    byte[] page = render(record).getBytes(StandardCharsets.UTF_8);
    Files.createDirectories(directory);
    Path dated = directory.resolve(runName + ".html");
    Path latest = directory.resolve("latest.html");
    ResultsFiles.writeAtomically(dated, page);
    ResultsFiles.writeAtomically(latest, page);
    return List.of(dated, latest);
  }

  private static String title(RunRecord record) {
    return "LLMH run " + (record.run() == null ? "(start time not recorded)" : record.run().startedAt());
  }

  private static String overview(RunRecord record) {
    Map<String, Integer> verdicts = new TreeMap<>();
    for (CaseResult r : record.results()) {
      verdicts.merge(String.valueOf(r.verdict()), 1, Integer::sum);
    }
    String when = record.run() == null ? "" : "Started " + record.run().startedAt() + ", finished "
        + record.run().finishedAt() + (record.run().complete() ? ". " : " (cut short: not every case ran). ");
    return when + record.results().size() + " cases: " + verdicts.toString().replaceAll("^\\{|\\}$", "") + ".";
  }

  /** The whole record, so the page carries its data: {@code JSON.parse} of the element gives the results file back. */
  private static String json(RunRecord record) {
    try {
      return ResultsFiles.mapper().writer().without(SerializationFeature.INDENT_OUTPUT).writeValueAsString(record);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("the run's record could not be written as JSON", e);
    }
  }

  private static String json(List<Section> sections) {
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("charts", sections.stream().flatMap(s -> s.charts().stream()).toList());
    try {
      return MAPPER.writeValueAsString(data);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("the report's chart data could not be written as JSON", e);
    }
  }
}
