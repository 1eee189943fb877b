package dev.llmh.reports;

import static dev.llmh.reports.MarkdownReport.MISSING;
import static dev.llmh.reports.MarkdownReport.cell;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The results file's {@code environment} as Markdown: the client machine as a property table, each
 * server's description as one row per model measured, and every item that could not be learnt with
 * its reason: what was not measured is said, never left out.
 */
final class MarkdownEnvironment {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String SERVERS = "servers";
  private static final String NOT_MEASURED = "notMeasured";

  private MarkdownEnvironment() {}

  static void render(StringBuilder out, Map<String, Object> environment) {
    out.append("## Environment\n\n");
    if (environment == null || environment.isEmpty()) {
      out.append("Not measured.\n\n");
      return;
    }
    out.append("| property | value |\n|---|---|\n");
    environment.forEach((key, value) -> {
      if (!key.equals(SERVERS) && !key.equals(NOT_MEASURED)) {
        out.append("| ").append(cell(key)).append(" | ").append(cell(value(value))).append(" |\n");
      }
    });
    out.append('\n');
    List<String> notMeasured = new ArrayList<>(texts(environment.get(NOT_MEASURED)));
    if (environment.get(SERVERS) instanceof List<?> servers && !servers.isEmpty()) {
      out.append("### Servers\n\n| endpoint | server | version | model | file | quantisation | parameters | context |\n")
          .append("|---|---|---|---|---|---|---|---|\n");
      for (Object entry : servers) {
        if (entry instanceof Map<?, ?> server) {
          serverRows(out, server);
          texts(server.get(NOT_MEASURED)).forEach(reason -> notMeasured.add(server.get("endpoint") + ": " + reason));
        }
      }
      out.append('\n');
    }
    if (!notMeasured.isEmpty()) {
      out.append("Not measured:\n\n");
      notMeasured.forEach(reason -> out.append("- ").append(MarkdownReport.text(reason)).append('\n'));
      out.append('\n');
    }
  }

  private static void serverRows(StringBuilder out, Map<?, ?> server) {
    String head = "| " + cell(value(server.get("endpoint"))) + " | " + cell(value(server.get("server"))) + " | "
        + cell(value(server.get("version"))) + " | ";
    List<?> models = server.get("models") instanceof List<?> list ? list : List.of();
    if (models.isEmpty()) {
      out.append(head).append(MISSING + " | " + MISSING + " | " + MISSING + " | " + MISSING + " | " + MISSING + " |\n");
    }
    for (Object m : models) {
      Map<?, ?> model = m instanceof Map<?, ?> map ? map : Map.of();
      out.append(head).append(cell(value(model.get("model")))).append(" | ").append(cell(value(model.get("file"))))
          .append(" | ").append(cell(value(model.get("quantization")))).append(" | ")
          .append(cell(value(model.get("parameterSize")))).append(" | ").append(cell(value(model.get("contextLength"))))
          .append(" |\n");
    }
  }

  /** A scalar as itself, a list of scalars joined, anything nested as compact JSON; null when absent. */
  private static String value(Object value) {
    if (value == null) {
      return null;
    }
    if (value instanceof List<?> list && list.stream().noneMatch(v -> v instanceof Map<?, ?> || v instanceof List<?>)) {
      return String.join(", ", list.stream().map(String::valueOf).toList());
    }
    if (value instanceof Map<?, ?> || value instanceof List<?>) {
      try {
        return JSON.writeValueAsString(value);
      } catch (JsonProcessingException e) {
        return String.valueOf(value);
      }
    }
    return String.valueOf(value);
  }

  private static List<String> texts(Object list) {
    return list instanceof List<?> l ? l.stream().map(String::valueOf).toList() : List.of();
  }
}
