package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.it.fixtures.ResidencyScenario;
import dev.llmh.residency.ResidencyRecord;
import dev.llmh.result.CaseResult;
import dev.llmh.result.Section;
import dev.llmh.sim.ServerPersona;
import dev.llmh.sim.SimulatedServer;
import dev.llmh.sim.SimulatorSettings;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 29, point 3: where an Ollama server holds the model. The simulator as Ollama says in its
 * {@code /api/ps} how much of its 4,683,087,332-byte model is in GPU memory; LLMH records what it
 * said before and after the measured phase, and warns when layers are still on the CPU.
 */
class ResidencyGroundTruthTest {
  private static final long SIZE = 4_683_087_332L;

  private static CaseResult run(ServerPersona persona, Path results) {
    try (SimulatedServer server = SimulatedServer.start(GroundTruth.decoding(2, 400), persona)) {
      return EngineRun.of(Map.of("llmh.endpoint", server.rootUrl(), "llmh.api", "ollama-chat"), results, ResidencyScenario.class)
          .record().results().get(0);
    }
  }

  @Test
  void aModelPartlyInGpuMemoryIsRecordedAndWarnedAbout(@TempDir Path results) {
    long vram = SIZE * 3 / 5;
    CaseResult result = run(ServerPersona.ollama().withVramBytes(vram), results);
    ResidencyRecord residency = result.section(ResidencyRecord.SECTION);
    ResidencyRecord.Model expected = new ResidencyRecord.Model(SimulatorSettings.defaults().modelId(), SIZE, vram, 100.0 * vram / SIZE);
    assertThat(residency.before()).containsExactly(expected);
    assertThat(residency.after()).containsExactly(expected);
    assertThat(residency.notMeasured()).isNull();
    assertThat(residency.source()).endsWith("/api/ps");
    assertThat(result.section(Section.WARNINGS)).contains("the model llmh-sim was 60% in GPU memory (size_vram 2680 MiB of size 4466 MiB,"
        + " Ollama's /api/ps): its other layers are still on the CPU, which slows prefill (TTFT) and decode");
  }

  @Test
  void aModelWhollyInGpuMemoryIsRecordedWithoutAWarningAndAnotherServerRecordsNothing(@TempDir Path results) {
    CaseResult whole = run(ServerPersona.ollama(), results);
    assertThat(whole.section(ResidencyRecord.SECTION).after()).singleElement()
        .satisfies(m -> assertThat(m.vramPercent()).isEqualTo(100.0));
    assertThat(whole.section(Section.WARNINGS)).noneMatch(w -> w.contains("GPU memory"));
    try (SimulatedServer server = SimulatedServer.start(GroundTruth.decoding(2, 400), ServerPersona.vllm())) {
      CaseResult vllm = EngineRun.of(server.baseUrl(), results, ResidencyScenario.class).record().results().get(0);
      assertThat(vllm.section(ResidencyRecord.SECTION)).isNull();
    }
  }
}
