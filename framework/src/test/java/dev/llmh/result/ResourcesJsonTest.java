package dev.llmh.result;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmh.resources.Energy;
import dev.llmh.resources.GpuResources;
import dev.llmh.resources.Resources;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The results file's names for {@code resources.gpu} and {@code resources.energy}. */
class ResourcesJsonTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  @Test
  void gpuAndEnergyAreWrittenWithTheIssuesNames() throws Exception {
    GpuResources gpu = new GpuResources("nvidia-smi", 250, 1, List.of(new GpuResources.Gpu(0, "Stand-in A100", 4096L,
        2048L, 40.0, 100.5)), List.of(Arrays.asList(12L, 0, 2048L, 40.0, null)), null, null);
    Energy energy = new Energy("nvidia-smi", 120.6, 100.5, 1200L, null, null);
    Resources r = Resources.notMeasured("pid 1", 250, "ended").with(gpu, energy)
        .withWarmup(Resources.notMeasured("pid 1", 250, "ended").with(GpuResources.notMeasured("nvidia-smi", 250, "no nvidia-smi on the PATH"), null));

    JsonNode json = MAPPER.readTree(ResultsFiles.mapper().writeValueAsString(r));

    assertThat(MAPPER.writeValueAsString(json.get("gpu"))).isEqualTo("{\"source\":\"nvidia-smi\",\"interval_ms\":250,\"samples\":1,"
        + "\"gpus\":[{\"index\":0,\"name\":\"Stand-in A100\",\"memory_total_bytes\":4096,\"peak_memory_bytes\":2048,"
        + "\"mean_utilization_percent\":40.0,\"mean_power_watts\":100.5}],\"series\":[[12,0,2048,40.0,null]]}");
    assertThat(MAPPER.writeValueAsString(json.get("energy")))
        .isEqualTo("{\"energySource\":\"nvidia-smi\",\"joules\":120.6,\"mean_watts\":100.5,\"window_ms\":1200,\"per_token_j\":null}");
    assertThat(MAPPER.writeValueAsString(json.get("warmup").get("gpu"))).isEqualTo("{\"source\":\"nvidia-smi\",\"interval_ms\":250,"
        + "\"samples\":0,\"gpus\":[],\"series\":[],\"notMeasured\":\"no nvidia-smi on the PATH\"}");
    assertThat(json.get("warmup").has("energy")).isFalse();
    Resources back = ResultsFiles.mapper().readValue(ResultsFiles.mapper().writeValueAsString(r), Resources.class);
    assertThat(back.gpu().gpus()).isEqualTo(gpu.gpus());
    assertThat(back.gpu().totals(GpuResources.MEMORY_BYTES)).containsExactly(2048.0);
    assertThat(back.energy()).isEqualTo(energy);
    assertThat(MAPPER.writeValueAsString(Energy.notMeasured("llmh.power.watts: not declared")))
        .isEqualTo("{\"energySource\":null,\"joules\":null,\"mean_watts\":null,\"window_ms\":null,"
            + "\"notMeasured\":\"llmh.power.watts: not declared\",\"per_token_j\":null}");
  }

  @Test
  void aDeclaredEnergyReadsBackAsDeclared() throws Exception {
    Energy declared = new Energy(Energy.DECLARED, 135.0, 90.0, 1500L, null, null);
    String json = ResultsFiles.mapper().writeValueAsString(declared);
    assertThat(json).contains("\"energySource\" : \"declared\"");
    assertThat(ResultsFiles.mapper().readValue(json, Energy.class)).isEqualTo(declared);
  }
}
