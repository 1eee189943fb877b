package dev.llmh.processor.generator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.runner.DeclaredSettings;
import java.util.List;
import org.junit.jupiter.api.Test;

class DeclarationsTest {

  private static final Declarations CLASS_LEVEL =
      new Declarations(new Declarations.Endpoint("http://h/v1", "m"), new Declarations.Sampling(0.0, 42), 200,
          new Declarations.RequestCounts(2, 10, null), new Declarations.LoadShape(List.of(1, 4), null, null),
          new Declarations.Budgets(List.of("tpot.p50 < 150ms"), List.of("ttft.p95 <= 2s"), null), null,
          Declarations.Deployment.NONE);

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
    Declarations member = new Declarations(new Declarations.Endpoint(null, "other"), null, null,
        Declarations.RequestCounts.NONE, new Declarations.LoadShape(List.of(2), null, null), Declarations.Budgets.NONE,
        null, Declarations.Deployment.NONE);
    DeclaredSettings merged = CLASS_LEVEL.overriddenBy(member).toSettings();
    assertThat(merged.endpoint().url()).isNull();
    assertThat(merged.endpoint().models()).containsExactly("other");
    assertThat(merged.measurement().concurrency()).containsExactly(2);
    assertThat(merged.measurement().measuredRequests()).isEqualTo(10);
  }

  @Test
  void constraintsAndTtftReplaceIndependently() {
    Declarations ownConstraints = withBudgets(new Declarations.Budgets(List.of("e2e.p95 <= 12s"), null, null));
    assertThat(CLASS_LEVEL.overriddenBy(ownConstraints).toSettings().constraints())
        .containsExactly("e2e.p95 <= 12s", "ttft.p95 <= 2s");

    Declarations emptyTtft = withBudgets(new Declarations.Budgets(null, List.of(), null));
    assertThat(CLASS_LEVEL.overriddenBy(emptyTtft).toSettings().constraints())
        .containsExactly("tpot.p50 < 150ms");
  }

  private static Declarations withBudgets(Declarations.Budgets budgets) {
    return new Declarations(null, null, null, Declarations.RequestCounts.NONE, Declarations.LoadShape.NONE, budgets, null,
        Declarations.Deployment.NONE);
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
