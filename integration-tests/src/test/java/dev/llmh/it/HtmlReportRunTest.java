package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmh.it.fixtures.SweepScenario;
import dev.llmh.sim.SimulatedServer;
import dev.llmh.sim.SimulatorSettings;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every run writes its HTML report beside the results file: latest.html and a copy named like the dated record. */
class HtmlReportRunTest {

  @Test
  void aRunWritesLatestHtmlAndADatedCopyNamedLikeItsResultsFile(@TempDir Path results) throws Exception {
    try (SimulatedServer server = SimulatedServer.start(SimulatorSettings.defaults().withSlots(2))) {
      EngineRun run = EngineRun.watched(server.baseUrl(), results, SweepScenario.class);
      run.results().testEvents().assertStatistics(stats -> stats.started(8).succeeded(8));

      List<String> names;
      try (Stream<Path> files = Files.list(results)) {
        names = files.map(p -> p.getFileName().toString()).sorted().toList();
      }
      String dated = names.stream().filter(n -> n.matches("run-.*\\.json")).findFirst().orElseThrow();
      String datedHtml = dated.replace(".json", ".html");
      assertThat(names).contains("latest.json", "latest.html", datedHtml);
      assertThat(run.console()).contains("LLMH HTML report: " + results.resolve(datedHtml).toAbsolutePath()
          + " (and latest.html beside it)");
      String page = Files.readString(results.resolve("latest.html"), StandardCharsets.UTF_8);
      assertThat(Files.readString(results.resolve(datedHtml), StandardCharsets.UTF_8)).isEqualTo(page);

      // The page's charts come from this run: TTFT and tok/s at concurrency 1 and 2 for each of the four
      // prompt × words cases, and one timeline row per measured request (4 per case, 8 cases).
      Matcher data = Pattern.compile("<script type=\"application/json\" id=\"llmh-data\">(.*?)</script>", Pattern.DOTALL)
          .matcher(page);
      assertThat(data.find()).isTrue();
      JsonNode charts = new ObjectMapper().readTree(data.group(1)).get("charts");
      List<JsonNode> sweeps = new ArrayList<>();
      int timelineRows = 0;
      for (JsonNode chart : charts) {
        String id = chart.get("id").asText();
        if (id.startsWith("sweep-")) {
          sweeps.add(chart);
        }
        if (id.startsWith("timeline-")) {
          for (JsonNode series : chart.get("series")) {
            if (series.get("name").asText().equals("send → first token")) {
              timelineRows += series.get("data").size();
            }
          }
        }
      }
      assertThat(sweeps).hasSize(4).allSatisfy(sweep -> {
        assertThat(sweep.get("xName").asText()).isEqualTo("concurrency");
        assertThat(sweep.get("series").get(0).get("data")).hasSize(2);
        assertThat(sweep.get("series").get(0).get("data").get(1).get(0).asDouble()).isEqualTo(2.0);
      });
      assertThat(timelineRows).isEqualTo(32);
      // A remote simulator has no process here: the section says so rather than drawing an empty chart.
      assertThat(page).contains("Not measured: the serving process was not sampled: remote endpoint: no process to sample");
    }
  }
}
