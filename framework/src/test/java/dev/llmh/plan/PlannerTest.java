package dev.llmh.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmh.annotations.PromptCache;
import dev.llmh.config.Config;
import dev.llmh.config.ConfigException;
import dev.llmh.config.Defaults;
import dev.llmh.runner.DeclaredSettings;
import dev.llmh.runner.ParamDeclaration;
import dev.llmh.runner.PromptDeclaration;
import dev.llmh.runner.ScenarioRunner;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PlannerTest {

  private static ScenarioRunner runner(List<PromptDeclaration> prompts, List<ParamDeclaration> params) {
    return new ScenarioRunner() {
      public String scenarioClassName() { return "com.example.Scenario"; }
      public List<PromptDeclaration> prompts() { return prompts; }
      public List<ParamDeclaration> params() { return params; }
      public String prompt(String name, Map<String, String> values) { return name + values; }
    };
  }

  private static final DeclaredSettings NOTHING = DeclaredSettings.builder().build();

  @Test
  void everyPromptParamCombinationAndConcurrencyIsACase() {
    DeclaredSettings sweep = DeclaredSettings.builder()
        .model("m").warmupRequests(1).measuredRequests(8).maxTokens(64).concurrency(List.of(1, 4))
        .constraints(List.of("ttft.p95 <= 2s"))
        .build();
    ScenarioRunner runner =
        runner(
            List.of(new PromptDeclaration("short", "short", false, sweep, null), new PromptDeclaration("long", "longPrompt", true, NOTHING, null)),
            List.of(new ParamDeclaration("size", List.of("a", "b"), ParamDeclaration.Type.STRING), new ParamDeclaration("lang", List.of("en", "de", "fr"), ParamDeclaration.Type.STRING)));
    List<CasePlan> cases = Planner.plan(runner, Config.read(k -> Optional.empty(), Map.of()));
    assertThat(cases).hasSize(2 * 3 * 2 + 2 * 3 * 1);
    assertThat(cases).extracting(CasePlan::caseId).doesNotHaveDuplicates();
    CasePlan first = cases.get(0);
    assertThat(first.caseId()).isEqualTo("short[concurrency=1,size=a,lang=en]");
    assertThat(first.displayName()).isEqualTo("short [concurrency=1, size=a, lang=en]");
    assertThat(first.sampling().maxTokens()).isEqualTo(64);
    assertThat(first.requests().measuredRequests()).isEqualTo(8);
    assertThat(first.verdicts().constraints()).singleElement().satisfies(c -> assertThat(c.subject()).isEqualTo("ttft.p95"));
    assertThat(first.promptText()).isEqualTo("short{size=a, lang=en}");

    CasePlan defaults = cases.get(cases.size() - 1);
    assertThat(defaults.caseId()).isEqualTo("long[concurrency=1,size=b,lang=fr]");
    assertThat(defaults.sampling().maxTokens()).isEqualTo(Defaults.MAX_TOKENS);
    assertThat(defaults.requests().warmupRequests()).isEqualTo(Defaults.WARMUP_REQUESTS);
    assertThat(defaults.sampling().temperature()).isEqualTo(Defaults.TEMPERATURE);
    assertThat(defaults.sampling().seed()).isEqualTo(Defaults.SEED);
    assertThat(defaults.target().endpoint()).isEqualTo(Defaults.ENDPOINT);
    assertThat(defaults.target().model()).isNull();
  }

  @Test
  void paramsAreRecordedAsTheirFieldsTypeButIdentifyTheCaseAsWritten() {
    ScenarioRunner runner =
        runner(List.of(new PromptDeclaration("p", "p", false, NOTHING, null)),
            List.of(new ParamDeclaration("words", List.of("30"), ParamDeclaration.Type.INT),
                new ParamDeclaration("ratio", List.of("0.50"), ParamDeclaration.Type.DOUBLE),
                new ParamDeclaration("loud", List.of("true"), ParamDeclaration.Type.BOOLEAN),
                new ParamDeclaration("style", List.of("7"), ParamDeclaration.Type.STRING)));
    CasePlan plan = Planner.plan(runner, Config.read(k -> Optional.empty(), Map.of())).get(0);
    assertThat(plan.allParams())
        .containsExactly(Map.entry("concurrency", 1), Map.entry("words", 30), Map.entry("ratio", new java.math.BigDecimal("0.50")),
            Map.entry("loud", true), Map.entry("style", "7"));
    assertThat(plan.paramTexts())
        .containsExactly(Map.entry("concurrency", "1"), Map.entry("words", "30"), Map.entry("ratio", "0.50"),
            Map.entry("loud", "true"), Map.entry("style", "7"));
  }

  @Test
  void configurationBeatsAnnotations() {
    DeclaredSettings declared =
        DeclaredSettings.builder().endpointUrl("http://declared:1/v1").model("declared-model").build();
    ScenarioRunner runner = runner(List.of(new PromptDeclaration("p", "p", false, declared, null)), List.of());
    assertThat(Planner.plan(runner, Config.read(k -> Optional.empty(), Map.of())).get(0).target().endpoint()).isEqualTo("http://declared:1/v1");
    Config config = Config.read(k -> Optional.empty(), Map.of("LLMH_ENDPOINT", "http://env:2/v1", "LLMH_MODEL", "env-model"));
    CasePlan plan = Planner.plan(runner, config).get(0);
    assertThat(plan.target().endpoint()).isEqualTo("http://env:2/v1");
    assertThat(plan.target().model()).isEqualTo("env-model");
  }

  @Test
  void thePromptCacheModeIsConfigurationElseTheAnnotationElseUnique() {
    DeclaredSettings shared = DeclaredSettings.builder().promptCache(PromptCache.Mode.SHARED).build();
    assertThat(planned(DeclaredSettings.builder().build(), Map.of()).sampling().promptCache()).isEqualTo(PromptCache.Mode.UNIQUE);
    assertThat(planned(shared, Map.of()).sampling().promptCache()).isEqualTo(PromptCache.Mode.SHARED);
    assertThat(planned(shared, Map.of("LLMH_PROMPT_CACHE", "unique")).sampling().promptCache()).isEqualTo(PromptCache.Mode.UNIQUE);
  }

  private static CasePlan planned(DeclaredSettings declared, Map<String, String> environment) {
    ScenarioRunner runner = runner(List.of(new PromptDeclaration("p", "p", false, declared, null)), List.of());
    return Planner.plan(runner, Config.read(k -> Optional.empty(), environment)).get(0);
  }

  private static DeclaredSettings.Builder budget(String constraint) {
    return DeclaredSettings.builder().measuredRequests(10).constraints(List.of(constraint));
  }

  @Test
  void aPercentileBudgetMakesTheMeasurementAdaptiveUpToWhatItNeeds() {
    // looks 10, 20, 40, 80, 160 at 0.05 / 5 each: an upper bound on p95 needs 90 (0.95^90 <= 0.01), so 160
    CasePlan p95 = planned(budget("ttft.p95 < 2s").build(), Map.of());
    assertThat(p95.adaptive()).isTrue();
    assertThat(p95.requests().maxRequests()).isEqualTo(160);
    // p99 over seven looks: 0.99^n <= 0.05 / 7 needs 492, so 640
    assertThat(planned(budget("ttft.p99 < 2s").build(), Map.of()).requests().maxRequests()).isEqualTo(640);
    // a median is decided on 10 already, and a mean, a pooled itl or a per-case figure need no minimum
    assertThat(planned(budget("ttft.p50 < 2s").build(), Map.of()).adaptive()).isFalse();
    assertThat(planned(budget("ttft.mean < 2s").build(), Map.of()).adaptive()).isFalse();
    assertThat(planned(budget("itl.p95 < 20ms").build(), Map.of()).adaptive()).isFalse();
    assertThat(planned(budget("throughput > 5 tok/s").build(), Map.of()).adaptive()).isFalse();
    // capped by llmh.maxRequests
    assertThat(planned(budget("ttft.p99 < 2s").build(), Map.of("LLMH_MAX_REQUESTS", "100")).requests().maxRequests()).isEqualTo(100);
  }

  @Test
  void aDeclaredCeilingOrAFixedCountIsKept() {
    assertThat(planned(budget("ttft.p95 < 2s").maxRequests(40).build(), Map.of()).requests().maxRequests()).isEqualTo(40);
    // @Measurement(requests = 10, adaptive = false) reaches the plan as a ceiling equal to the count
    CasePlan fixed = planned(budget("ttft.p95 < 2s").maxRequests(10).build(), Map.of());
    assertThat(fixed.adaptive()).isFalse();
    assertThat(fixed.requests().maxRequests()).isEqualTo(10);
  }

  @Test
  void severalModelsAreACaseParameterAndEachModelsCasesRunTogetherInTheOrderListed() {
    DeclaredSettings sideBySide = DeclaredSettings.builder().models(List.of("q4", "q8")).concurrency(List.of(1, 2)).build();
    ScenarioRunner runner = runner(
        List.of(new PromptDeclaration("short", "short", false, sideBySide, null), new PromptDeclaration("long", "long", false, sideBySide, null)),
        List.of(new ParamDeclaration("words", List.of("30"), ParamDeclaration.Type.INT)));
    List<CasePlan> cases = Planner.plan(runner, Config.read(k -> Optional.empty(), Map.of()));
    assertThat(cases).extracting(CasePlan::caseId).containsExactly(
        "short[model=q4,concurrency=1,words=30]", "short[model=q4,concurrency=2,words=30]",
        "long[model=q4,concurrency=1,words=30]", "long[model=q4,concurrency=2,words=30]",
        "short[model=q8,concurrency=1,words=30]", "short[model=q8,concurrency=2,words=30]",
        "long[model=q8,concurrency=1,words=30]", "long[model=q8,concurrency=2,words=30]");
    CasePlan first = cases.get(0);
    assertThat(first.target().model()).isEqualTo("q4");
    assertThat(first.displayName()).isEqualTo("short [model=q4, concurrency=1, words=30]");
    assertThat(first.allParams()).containsExactly(Map.entry("model", "q4"), Map.entry("concurrency", 1), Map.entry("words", 30));
    assertThat(first.paramTexts()).containsEntry("model", "q4");
    // the scenario's own code never sees the model as one of its params
    assertThat(first.promptText()).isEqualTo("short{words=30}");
    assertThat(cases.get(7).target().model()).isEqualTo("q8");
  }

  @Test
  void llmhModelNamesTheModelsComparedAndOneModelIsNoParameter() {
    DeclaredSettings one = DeclaredSettings.builder().model("declared").build();
    ScenarioRunner runner = runner(List.of(new PromptDeclaration("p", "p", false, one, null)), List.of());
    List<CasePlan> configured = Planner.plan(runner, Config.read(k -> Optional.empty(), Map.of("LLMH_MODEL", "b, a")));
    assertThat(configured).extracting(CasePlan::caseId).containsExactly("p[model=b,concurrency=1]", "p[model=a,concurrency=1]");
    CasePlan single = Planner.plan(runner, Config.read(k -> Optional.empty(), Map.of())).get(0);
    assertThat(single.caseId()).isEqualTo("p[concurrency=1]");
    assertThat(single.allParams()).doesNotContainKey("model");
    assertThat(single.target().model()).isEqualTo("declared");
  }

  @Test
  void aParamNamedModelCannotRunBesideSeveralConfiguredModels() {
    ScenarioRunner runner = runner(List.of(new PromptDeclaration("p", "p", false, NOTHING, null)),
        List.of(new ParamDeclaration("model", List.of("x"), ParamDeclaration.Type.STRING)));
    assertThatThrownBy(() -> Planner.plan(runner, Config.read(k -> Optional.empty(), Map.of("LLMH_MODEL", "a,b"))))
        .isInstanceOf(ConfigException.class).hasMessageContaining("@Param named model").hasMessageContaining("llmh.model");
  }

  @Test
  void eachLoadRateIsACaseWithTheRateAsItsParameterInPlaceOfConcurrency() {
    DeclaredSettings open = DeclaredSettings.builder().measuredRequests(50)
        .load(new dev.llmh.runner.LoadDeclaration(List.of("2/s", "240/min"), dev.llmh.annotations.Arrivals.GAMMA, 0.5, "30s", 3, 9))
        .build();
    ScenarioRunner runner = runner(List.of(new PromptDeclaration("p", "p", false, open, null)), List.of());
    List<CasePlan> cases = Planner.plan(runner, Config.read(k -> Optional.empty(), Map.of()));
    assertThat(cases).extracting(CasePlan::caseId).containsExactly("p[rate=2/s]", "p[rate=240/min]");
    CasePlan second = cases.get(1);
    assertThat(second.openLoop()).isTrue();
    assertThat(second.requests().load().rate().perSecond()).isEqualTo(4.0);
    assertThat(second.requests().load().burstiness()).isEqualTo(0.5);
    assertThat(second.requests().load().duration()).isEqualTo(java.time.Duration.ofSeconds(30));
    assertThat(second.requests().load().maxInFlight()).isEqualTo(3);
    assertThat(second.requests().load().seed()).isEqualTo(9);
    // with a duration, the requests are the arrivals within it (4/s for 30 s: about 120), not @Measurement's 50
    assertThat(second.requests().measuredRequests())
        .isEqualTo(dev.llmh.plan.ArrivalSchedule.within(dev.llmh.annotations.Arrivals.GAMMA, 4, 0.5, 9, java.time.Duration.ofSeconds(30)).size())
        .isBetween(80, 160);
    assertThat(second.atRate(dev.llmh.config.Rate.perSecond(8)).requests().measuredRequests()).isBetween(180, 300);
    assertThat(second.allParams()).containsExactly(Map.entry("rate", "240/min"));
    assertThat(second.paramTexts()).containsExactly(Map.entry("rate", "240/min"));
    assertThat(second.adaptive()).as("a schedule is fixed in advance").isFalse();
    // -Dllmh.select picks a rate as it picks a concurrency
    assertThat(dev.llmh.select.Selection.parse("Scenario#p[rate=240/min]").selects(second)).isTrue();
    assertThat(dev.llmh.select.Selection.parse("Scenario#p[rate=240/min]").selects(cases.get(0))).isFalse();
    // a search steps over rates: the same load at another rate is another case
    assertThat(second.atRate(dev.llmh.config.Rate.perSecond(8)).caseId()).isEqualTo("p[rate=8/s]");
    assertThat(cases.get(0).requests().load().rate().perSecond()).isEqualTo(2.0);
  }

  @Test
  void aSaturationSearchUnderLoadStepsOverRatesWithTheLoadsArrivals() {
    DeclaredSettings open = DeclaredSettings.builder().measuredRequests(20)
        .load(new dev.llmh.runner.LoadDeclaration(List.of("1/s"), dev.llmh.annotations.Arrivals.CONSTANT, 1.0, null, 0, 7))
        .saturationSearch(dev.llmh.runner.SaturationDeclaration.of(2, 16, 0.05))
        .build();
    ScenarioRunner runner = runner(List.of(new PromptDeclaration("p", "p", false, open, null)), List.of());
    List<CasePlan> cases = Planner.plan(runner, Config.read(k -> Optional.empty(), Map.of()));
    assertThat(cases).extracting(CasePlan::caseId).containsExactly("p[rate=2/s]", "p[rate=4/s]", "p[rate=8/s]", "p[rate=16/s]");
    assertThat(cases).allSatisfy(c -> {
      assertThat(c.openLoop()).isTrue();
      assertThat(c.requests().load().arrivals()).isEqualTo(dev.llmh.annotations.Arrivals.CONSTANT);
      assertThat(c.requests().load().seed()).isEqualTo(7);
      assertThat(c.saturationSearch()).isNotNull();
    });
  }

  private static final dev.llmh.config.DeploymentFacts ANNOTATED = new dev.llmh.config.DeploymentFacts("EUR", 200.0,
      null, null, new dev.llmh.config.DeploymentFacts.Cost(600.0, 3.0, 4.0, 0.30, 50.0, null), null);

  private static CasePlan plannedWith(dev.llmh.config.DeploymentFacts declared, Map<String, String> properties) {
    ScenarioRunner runner = runner(List.of(new PromptDeclaration("p", "p", false, DeclaredSettings.builder().deployment(declared).constraints(List.of("cost_per_mtok < 0.5EUR")).build(), null)), List.of());
    return Planner.plan(runner, Config.read(k -> Optional.ofNullable(properties.get(k)), Map.of())).get(0);
  }

  @Test
  void theScenariosPowerAndCostApplyWhenNothingIsConfigured() {
    assertThat(plannedWith(ANNOTATED, Map.of()).target().deployment()).isEqualTo(ANNOTATED);
  }

  @Test
  void configurationOverridesOneFigureOfTheAnnotationAndKeepsTheOthers() {
    CasePlan plan = plannedWith(ANNOTATED, Map.of("llmh.cost.powerPrice", "0.25", "llmh.power.watts", "150W"));
    assertThat(plan.target().deployment()).isEqualTo(new dev.llmh.config.DeploymentFacts("EUR", 150.0, null, null,
        new dev.llmh.config.DeploymentFacts.Cost(600.0, 3.0, 4.0, 0.25, 50.0, null), null));
  }

  @Test
  void aConfiguredCurrencyOverTheScenariosPricesInAnotherIsAnErrorUnlessEveryPriceIsConfiguredToo() {
    assertThatThrownBy(() -> plannedWith(ANNOTATED, Map.of("llmh.cost.currency", "USD", "llmh.cost.powerPrice", "0.2")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("com.example.Scenario: llmh.cost.currency = USD but the scenario's @Cost prices are in EUR");
    // every price configured: the scenario's only keeps its years, hours and utilisation, which have no currency;
    // the merged currency is then the one money budgets are checked against
    assertThatThrownBy(() -> plannedWith(ANNOTATED,
        Map.of("llmh.cost.currency", "USD", "llmh.cost.powerPrice", "0.2", "llmh.cost.hardware", "700")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("\"cost_per_mtok < 0.5EUR\" is in EUR but prices are in USD");
  }

  @Test
  void pricesIncompleteOnceMergedFailBeforeAnyRequest() {
    // owned hardware from the annotation, a rented price from configuration: neither side alone is wrong
    assertThatThrownBy(() -> plannedWith(ANNOTATED, Map.of("llmh.cost.perHour", "1.5")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("com.example.Scenario: llmh.cost.perHour prices rented hardware by the hour, and llmh.cost.hardware");
    dev.llmh.config.DeploymentFacts partial = new dev.llmh.config.DeploymentFacts("EUR", null, null, null,
        new dev.llmh.config.DeploymentFacts.Cost(600.0, 3.0, null, null, null, null), null);
    assertThatThrownBy(() -> plannedWith(partial, Map.of("llmh.cost.hoursPerDay", "8")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("missing: llmh.cost.powerPrice");
    assertThat(plannedWith(partial, Map.of("llmh.cost.hoursPerDay", "8", "llmh.cost.powerPrice", "0.3")).target().deployment().cost())
        .isEqualTo(new dev.llmh.config.DeploymentFacts.Cost(600.0, 3.0, 8.0, 0.3, null, null));
  }
}
