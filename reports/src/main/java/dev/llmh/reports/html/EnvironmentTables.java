package dev.llmh.reports.html;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmh.result.CaseResult;
import dev.llmh.result.RunRecord;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The environment as recorded, and every figure the record says it did not measure. The record
 * names those in fields called {@code notMeasured} (or {@code not_measured}, {@code gpusNotMeasured}...)
 * at any depth; walking the JSON tree finds them all, including fields added after this report.
 */
final class EnvironmentTables {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private EnvironmentTables() {}

  static String environment(RunRecord record) {
    Map<String, Object> env = record.environment();
    if (env == null || env.isEmpty()) {
      return "<p class=\"missing\">not measured: the record holds no environment</p>";
    }
    StringBuilder out = new StringBuilder("<table class=\"environment\"><tbody>");
    flatten("", MAPPER.valueToTree(env), out);
    if (record.run() != null) {
      out.append(row("run", record.run().startedAt() + " to " + record.run().finishedAt()
          + (record.run().complete() ? "" : " (cut short)")));
    }
    if (record.statistics() != null) {
      out.append(row("percentile method", record.statistics().percentileMethod()));
      out.append(row("verdict basis", record.statistics().verdictBasis()));
    }
    return out.append("</tbody></table>").toString();
  }

  private static void flatten(String path, JsonNode node, StringBuilder out) {
    if (node.isObject() && node.size() > 0 && path.split("\\.").length < 3) {
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> field = it.next();
        flatten(path.isEmpty() ? field.getKey() : path + "." + field.getKey(), field.getValue(), out);
      }
    } else {
      out.append(row(path, node.isTextual() ? node.asText() : node.isNull() ? null : node.toString()));
    }
  }

  private static String row(String key, String value) {
    return "<tr><th>" + Html.escape(key) + "</th><td>" + Html.escape(value) + "</td></tr>";
  }

  /** Every "not measured" in the record, where it was found and why; one row per distinct place and reason. */
  static List<String[]> notMeasured(RunRecord record) {
    Map<String, String[]> found = new LinkedHashMap<>();
    if (record.environment() != null) {
      collect("environment", MAPPER.valueToTree(record.environment()), found, "");
    }
    for (CaseResult r : record.results()) {
      JsonNode tree = MAPPER.valueToTree(r);
      if (tree instanceof com.fasterxml.jackson.databind.node.ObjectNode object) {
        object.remove("samples"); // per-request fields: the case-level ones say it once
      }
      collect("", tree, found, Labels.of(r));
    }
    for (var fit : record.fits()) {
      if (fit.longestPrompt() != null && fit.longestPrompt().notMeasured() != null) {
        put(found, "fit " + Labels.scenario(fit.scenario()) + " · longest prompt peak memory", fit.longestPrompt().notMeasured(), "");
      }
    }
    return new ArrayList<>(found.values());
  }

  private static void collect(String path, JsonNode node, Map<String, String[]> found, String owner) {
    if (node.isObject()) {
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> field = it.next();
        String childPath = path.isEmpty() ? field.getKey() : path + "." + field.getKey();
        String name = field.getKey().toLowerCase(Locale.ROOT).replace("_", "");
        if (name.endsWith("notmeasured") && !field.getValue().isNull()) {
          // A bare notMeasured speaks for the object holding it; gpusNotMeasured names its own subject.
          String where = name.equals("notmeasured") ? (path.isEmpty() ? "case" : path) : childPath;
          reasons(where, field.getValue(), found, owner);
        } else {
          collect(childPath, field.getValue(), found, owner);
        }
      }
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        collect(path + "[" + i + "]", node.get(i), found, owner);
      }
    }
  }

  private static void reasons(String where, JsonNode value, Map<String, String[]> found, String owner) {
    if (value.isArray()) {
      value.forEach(v -> put(found, where, v.isTextual() ? v.asText() : v.toString(), owner));
    } else if (value.isObject()) {
      value.fields().forEachRemaining(e -> put(found, where + "." + e.getKey(),
          e.getValue().isTextual() ? e.getValue().asText() : e.getValue().toString(), owner));
    } else {
      put(found, where, value.asText(), owner);
    }
  }

  /** Rows keyed by place and reason; the cases that share one are listed together. */
  private static void put(Map<String, String[]> found, String where, String reason, String owner) {
    found.merge(where + "\u0000" + reason, new String[] {where, reason, owner}, (old, add) ->
        new String[] {old[0], old[1], old[2].isEmpty() ? add[2] : old[2] + ", " + add[2]});
  }

  static String notMeasuredTable(RunRecord record) {
    List<String[]> rows = notMeasured(record);
    if (rows.isEmpty()) {
      return "<p>The record lists nothing as not measured.</p>";
    }
    StringBuilder out = new StringBuilder("<table class=\"not-measured\"><thead><tr><th>what</th><th>why not measured</th>"
        + "<th>cases</th></tr></thead><tbody>");
    for (String[] row : rows) {
      out.append("<tr><td>").append(Html.escape(row[0])).append("</td><td>").append(Html.escape(row[1]))
          .append("</td><td>").append(row[2].isEmpty() ? "the run" : Html.escape(row[2])).append("</td></tr>");
    }
    return out.append("</tbody></table>").toString();
  }
}
