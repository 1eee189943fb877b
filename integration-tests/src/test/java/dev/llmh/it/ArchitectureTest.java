package dev.llmh.it;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import com.tngtech.archunit.library.freeze.FreezingArchRule;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The flow's arrows run one way: scenario → plan → load → client → measure → analysis → verdict →
 * record → features → outputs, each stage the packages {@link #STAGES} lists. A package may use an earlier
 * stage's classes, never a later one's; the engine, which only loops, may use all and is used by
 * none; no harness code is compiled against the simulator (it is found by {@code ServiceLoader}).
 * The arrows that still run backwards are frozen in {@code src/test/resources/archunit_store}, which
 * the build never rewrites
 * ({@code archunit.properties}): a new arrow fails it, and so does one removed until the store is
 * recorded again (docs/contributing.md says how), so the list only shrinks, in a diff.
 */
class ArchitectureTest {
  /** Each stage's name, then its packages under the root, in the flow's order. */
  static final List<List<String>> STAGES = List.of(
      List.of("scenario", "annotations", "config", "constraint", "runner"),
      List.of("plan", "plan", "select"),
      List.of("load", "load", "synthetic"),
      List.of("client", "client..", "endpoint", "endpoint.spi"),
      List.of("measure", "measure", "resources", "overhead", "environment"),
      List.of("analysis", "analysis", "stats"),
      List.of("verdict", "verdict", "judge"),
      List.of("record", "result", "baseline"),
      List.of("features", "feature", "calibration", "slo", "check", "compare", "hardware", "conversation", "servertime", "servermetrics",
          "network", "judging", "sweep", "launch", "residency"),
      List.of("outputs", "console", "progress", "assertions", "reports.."));

  /** The stages under {@code root} as ArchUnit layers, each open only to the stages after it. */
  static LayeredArchitecture flow(String root) {
    LayeredArchitecture layers = layeredArchitecture().consideringOnlyDependenciesInLayers().withOptionalLayers(true);
    for (List<String> stage : STAGES) {
      layers = layers.layer(stage.get(0)).definedBy(
          stage.subList(1, stage.size()).stream().map(p -> root + "." + p).toArray(String[]::new));
    }
    layers = layers.layer("engine").definedBy(root + ".engine..");
    for (int i = 0; i < STAGES.size(); i++) {
      List<String> later = new ArrayList<>();
      STAGES.subList(i + 1, STAGES.size()).forEach(s -> later.add(s.get(0)));
      later.add("engine");
      layers = layers.whereLayer(STAGES.get(i).get(0)).mayOnlyBeAccessedByLayers(later.toArray(String[]::new));
    }
    return layers.whereLayer("engine").mayNotBeAccessedByAnyLayer();
  }

  /** Imported once for every rule here: an import reads every class file of the harness. */
  private static JavaClasses harness;

  /** The harness's own classes: every module's main code, the servers under test and the tests left out. */
  private static synchronized JavaClasses harness() {
    if (harness == null) {
      harness = imported();
    }
    return harness;
  }

  private static JavaClasses imported() {
    return new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("dev.llmh")
        .that(DescribedPredicate.not(JavaClass.Predicates.resideInAnyPackage("dev.llmh.it..", "dev.llmh.benchmarks..")));
  }

  @Test
  void theFlowsArrowsRunOneWay() {
    FreezingArchRule.freeze(flow("dev.llmh")).check(harness());
  }

  @Test
  void noHarnessCodeIsCompiledAgainstTheSimulator() {
    ArchRule rule = noClasses().that().resideOutsideOfPackages("dev.llmh.sim..")
        .should().dependOnClassesThat().resideInAPackage("dev.llmh.sim..");
    rule.check(harness());
  }

  /** The rule's power, on classes made to break it: an analysis class that reads a record class. */
  @Test
  void anArrowBackwardsFails() {
    JavaClasses broken = new ClassFileImporter().importPackages("dev.llmh.archfixture");
    assertThatThrownBy(() -> flow("dev.llmh.archfixture").check(broken))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("dev.llmh.archfixture.analysis.Figures")
        .hasMessageContaining("dev.llmh.archfixture.result.Record");
  }

  /** A new package joins a stage (or the servers and the processor, which are outside the flow). */
  @Test
  void everyPackageOfTheHarnessHasAStage() {
    List<String> known = new ArrayList<>(List.of("engine", "sim", "front", "embedded", "processor"));
    STAGES.forEach(s -> s.subList(1, s.size()).forEach(p -> known.add(p.replace("..", ""))));
    List<String> unstaged = harness().stream().map(c -> c.getPackageName()).distinct()
        .filter(p -> known.stream().noneMatch(k -> p.equals("dev.llmh." + k) || p.startsWith("dev.llmh." + k + ".")))
        .sorted().toList();
    assertThat(unstaged).as("packages with no stage in ArchitectureTest.STAGES").isEmpty();
  }
}
