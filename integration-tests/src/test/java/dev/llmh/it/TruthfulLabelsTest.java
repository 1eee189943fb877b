package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmh.it.fixtures.LabelScenario;
import dev.llmh.result.CaseResult;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 11, point 5: what the console and the record call things is what they are. */
class TruthfulLabelsTest {

  @Test
  void theSimulatorIsCalledTheSimulatorParamsKeepTheirTypesAndTheVersionIsTheBuilds(@TempDir Path results) throws Exception {
    EngineRun run = EngineRun.watched(java.util.Map.of("llmh.endpoint", "simulated"), results, LabelScenario.class);
    run.results().testEvents().assertStatistics(stats -> stats.started(1).succeeded(1));

    CaseResult result = run.record().results().get(0);
    assertThat(result.endpoint().kind()).isEqualTo("simulated");
    assertThat(result.endpoint().embedded()).isFalse();
    assertThat(run.console())
        .contains("  endpoint   simulated http://127.0.0.1:")
        .doesNotContain("endpoint   embedded");

    JsonNode written = new ObjectMapper().readTree(run.recordText());
    JsonNode params = written.path("results").path(0).path("params");
    assertThat(params.path("concurrency").isInt()).isTrue();
    assertThat(params.path("words").isInt()).as("int param: %s", params).isTrue();
    assertThat(params.path("words").intValue()).isEqualTo(3);
    assertThat(params.path("ratio").isNumber()).as("double param: %s", params).isTrue();
    assertThat(params.path("ratio").decimalValue()).isEqualByComparingTo("0.50");
    assertThat(params.path("loud").isBoolean()).as("boolean param: %s", params).isTrue();
    assertThat(params.path("style").isTextual()).as("String param: %s", params).isTrue();
    // The case is still named as written, and the journal line carries the same typed params.
    assertThat(result.caseId()).isEqualTo("define[concurrency=1,words=3,ratio=0.50,loud=true,style=7]");

    String version = (String) run.record().environment().get("llmhVersion");
    assertThat(version).isNotEqualTo("development").matches("\\d+\\.\\d+\\.\\d+(-SNAPSHOT)?");
  }
}
