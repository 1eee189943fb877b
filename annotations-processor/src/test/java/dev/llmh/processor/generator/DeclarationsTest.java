package dev.llmh.processor.generator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.runner.DeclaredSettings;
import java.util.List;
import org.junit.jupiter.api.Test;

class DeclarationsTest {

  private static final Declarations CLASS_LEVEL =
      new Declarations(new Declarations.Endpoint("http://h/v1", "m"), 2, 10, new Declarations.Sampling(0.0, 42), 200,
          List.of(1, 4), List.of("tpot.p50 < 150ms"), List.of("ttft.p95 <= 2s"), null, null, null, null, null, null,
          null);

  @Test
  void nothingOnTheMemberKeepsTheClassDefaults() {
    assertThat(CLASS_LEVEL.overriddenBy(Declarations.NONE).toSettings())
        .isEqualTo(DeclaredSettings.builder()
            .endpointUrl("http://h/v1").model("m").warmupRequests(2).measuredRequests(10).temperature(0.0).seed(42L)
            .maxTokens(200).concurrency(List.of(1, 4)).constraints(List.of("tpot.p50 < 150ms", "ttft.p95 <= 2s"))
            .build());
  }

  @Test
  void aMemberAnnotationReplacesTheWholeClassAnnotationOfItsType() {
    Declarations member = new Declarations(new Declarations.Endpoint(null, "other"), null, null, null, null,
        List.of(2), null, null, null, null, null, null, null, null, null);
    DeclaredSettings merged = CLASS_LEVEL.overriddenBy(member).toSettings();
    assertThat(merged.endpointUrl()).isNull();
    assertThat(merged.models()).containsExactly("other");
    assertThat(merged.concurrency()).containsExactly(2);
    assertThat(merged.measuredRequests()).isEqualTo(10);
  }

  @Test
  void constraintsAndTtftReplaceIndependently() {
    Declarations ownConstraints =
        new Declarations(null, null, null, null, null, null, List.of("e2e.p95 <= 12s"), null, null, null, null, null,
            null, null, null);
    assertThat(CLASS_LEVEL.overriddenBy(ownConstraints).toSettings().constraints())
        .containsExactly("e2e.p95 <= 12s", "ttft.p95 <= 2s");

    Declarations emptyTtft = new Declarations(null, null, null, null, null, null, null, List.of(), null, null, null,
        null, null, null, null);
    assertThat(CLASS_LEVEL.overriddenBy(emptyTtft).toSettings().constraints())
        .containsExactly("tpot.p50 < 150ms");
  }

  @Test
  void ttftValuesBecomeAtMostConstraints() {
    assertThat(Declarations.ttftConstraint("p95", "2s")).isEqualTo("ttft.p95 <= 2s");
  }

  @Test
  void nothingDeclaredAnywhereIsAllNull() {
    assertThat(Declarations.NONE.overriddenBy(Declarations.NONE).toSettings())
        .isEqualTo(DeclaredSettings.builder().build());
  }
}
