package dev.llmh.processor.generator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.runner.DeclaredSettings;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunnerWriterTest {

  private static final String INDENT = "\n                  ";

  @Test
  void nothingDeclaredIsAnEmptyBuilder() {
    assertThat(RunnerWriter.settings(DeclaredSettings.builder().build()))
        .isEqualTo("dev.llmh.runner.DeclaredSettings.builder()" + INDENT + ".build()");
  }

  @Test
  void onlyTheDeclaredSettingsAreWritten() {
    DeclaredSettings declared = DeclaredSettings.builder()
        .model("m").seed(7L).concurrency(List.of(1, 4)).constraints(List.of("ttft.p50 < 1s")).build();
    assertThat(RunnerWriter.settings(declared))
        .isEqualTo("dev.llmh.runner.DeclaredSettings.builder()"
            + INDENT + ".model(\"m\")"
            + INDENT + ".seed(7L)"
            + INDENT + ".concurrency(java.util.List.of(1, 4))"
            + INDENT + ".constraints(java.util.List.of(\"ttft.p50 < 1s\"))"
            + INDENT + ".build()");
  }

  @Test
  void severalModelsAreWrittenAsAList() {
    assertThat(RunnerWriter.settings(DeclaredSettings.builder().models(List.of("q4", "q8")).build()))
        .isEqualTo("dev.llmh.runner.DeclaredSettings.builder()"
            + INDENT + ".models(java.util.List.of(\"q4\", \"q8\"))"
            + INDENT + ".build()");
  }

  @Test
  void everySettingHasASetter() {
    DeclaredSettings all = DeclaredSettings.builder()
        .endpointUrl("http://h/v1").model("m").warmupRequests(1).measuredRequests(2).temperature(0.5).seed(3L)
        .maxTokens(4).concurrency(List.of(5)).constraints(List.of("e2e.p50 < 9s")).api("ollama-chat").maxRequests(6)
        .build();
    assertThat(RunnerWriter.settings(all))
        .isEqualTo("dev.llmh.runner.DeclaredSettings.builder()"
            + INDENT + ".endpointUrl(\"http://h/v1\")"
            + INDENT + ".model(\"m\")"
            + INDENT + ".warmupRequests(1)"
            + INDENT + ".measuredRequests(2)"
            + INDENT + ".temperature(0.5)"
            + INDENT + ".seed(3L)"
            + INDENT + ".maxTokens(4)"
            + INDENT + ".concurrency(java.util.List.of(5))"
            + INDENT + ".constraints(java.util.List.of(\"e2e.p50 < 9s\"))"
            + INDENT + ".api(\"ollama-chat\")"
            + INDENT + ".maxRequests(6)"
            + INDENT + ".build()");
  }
}
