package dev.llmh.processor;

import static dev.llmh.processor.CompiledScenario.compiled;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.CompilationSubject;
import dev.llmh.annotations.Cost;
import dev.llmh.config.ConfigKey;
import dev.llmh.config.DeploymentFacts;
import dev.llmh.runner.ScenarioRunner;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** {@code @Power} and {@code @Cost}: what the runner declares, and each mistake an error on its line naming the fix. */
class PowerAndCostTest {

  @Test
  void bothAnnotationsCompileCleanlyAndAPromptsOwnReplaceTheClassesOneAnnotationAtATime() throws Exception {
    ScenarioRunner runner = compiled("Priced",
        "@LlmBenchmark",
        "@Power(watts = 200)",
        "@Cost(currency = \"eur\", hardware = 600, lifetimeYears = 3, hoursPerDay = 4, powerPrice = 0.30, utilisation = \"50%\")",
        "@Constraint(\"cost_per_mtok < 0.5EUR\")",
        "public class Priced {",
        "  @Prompt String owned = \"a\";",
        "  @Prompt @Cost(currency = \"EUR\", perHour = 1.2) String rented = \"b\";",
        "  @Prompt @Power(watts = 90.5) String lowPower = \"c\";",
        "}").succeeded().warningCount(0).runner("Priced");
    DeploymentFacts.Cost owned = new DeploymentFacts.Cost(600.0, 3.0, 4.0, 0.30, 50.0, null);
    assertThat(runner.prompts().get(0).settings().deployment()).isEqualTo(new DeploymentFacts("EUR", 200.0, null,
        null, owned, null));
    // the prompt's @Cost replaces the class's whole @Cost (so it restates the currency); the class's @Power still applies
    assertThat(runner.prompts().get(1).settings().deployment()).isEqualTo(
        new DeploymentFacts("EUR", 200.0, null, null, new DeploymentFacts.Cost(null, null, null, null, null, 1.2), null));
    assertThat(runner.prompts().get(2).settings().deployment()).isEqualTo(new DeploymentFacts("EUR", 90.5, null, null,
        owned, null));
  }

  @Test
  void aCurrencyAloneDeclaresTheBudgetsCurrencyAndNoPrices() throws Exception {
    DeploymentFacts facts = compiled("Euros",
        "@LlmBenchmark",
        "@Cost(currency = \"EUR\")",
        "@Constraint(\"cost_per_mtok < 0.5EUR\")",
        "public class Euros {",
        "  @Prompt String p = \"a\";",
        "}").succeeded().runner("Euros").prompts().get(0).settings().deployment();
    assertThat(facts).isEqualTo(new DeploymentFacts("EUR", null, null, null, null, null));
  }

  @Test
  void trustDeclaredIsAcceptedWithPricesOrAloneAndReachesTheRunner() throws Exception {
    ScenarioRunner runner = compiled("Trusting",
        "@LlmBenchmark",
        "@Power(watts = 200)",
        "@Cost(perHour = 1.2, trustDeclared = true)",
        "@Constraint(\"cost_per_mtok < 0.5USD\")",
        "public class Trusting {",
        "  @Prompt String p = \"a\";",
        "  @Prompt @Cost(trustDeclared = true) String alone = \"b\";",
        "}").succeeded().warningCount(0).runner("Trusting");
    assertThat(runner.prompts().get(0).settings().deployment()).isEqualTo(new DeploymentFacts(
        null, 200.0, null, null, new DeploymentFacts.Cost(null, null, null, null, null, 1.2), true));
    // alone it declares no prices (they may come from configuration), only how their budgets are judged
    assertThat(runner.prompts().get(1).settings().deployment()).isEqualTo(new DeploymentFacts(null, 200.0, null, null, null, true));
    assertThat(runner.prompts().get(1).settings().deployment().declaredTrusted()).isTrue();
  }

  @Test
  void aSyntheticPromptAndAPromptFileTakeTheClassesPowerAndCostAndItsCurrency() throws Exception {
    DeploymentFacts declared = compiled("Sweep",
        "@LlmBenchmark",
        "@SyntheticPrompt(tokens = {64, 128})",
        "@Power(watts = 65)",
        "@Cost(perHour = 0.8)",
        "public class Sweep {}").succeeded().runner("Sweep").prompts().get(0).settings().deployment();
    assertThat(declared).isEqualTo(
        new DeploymentFacts(null, 65.0, null, null, new DeploymentFacts.Cost(null, null, null, null, null, 0.8), null));
    compiled("FileInPounds",
        "@LlmBenchmark",
        "@PromptFile(\"prompts.jsonl\")",
        "@Cost(currency = \"EUR\", perHour = 0.8)",
        "@Constraint(\"cost_per_mtok < 2GBP\")",
        "public class FileInPounds {}")
        .errorOn("@Constraint(\"cost_per_mtok < 2GBP\")", "\"cost_per_mtok < 2GBP\" is in GBP but the prices are in EUR")
        .errorCount(1);
  }

  @Test
  void aBaseClassesCostIsInheritedAndASubclassesReplacesIt() throws Exception {
    CompiledScenario compiled = new CompiledScenario(null, Sources.compile(
        Sources.scenario("Base", "@Power(watts = 300)", "@Cost(perHour = 3)", "public abstract class Base {",
            "  @Prompt String p = \"a\";", "}"),
        Sources.scenario("Cheaper", "@LlmBenchmark", "@Cost(perHour = 1)", "public class Cheaper extends Base {}")));
    DeploymentFacts declared = compiled.succeeded().runner("Cheaper").prompts().get(0).settings().deployment();
    assertThat(declared).isEqualTo(
        new DeploymentFacts(null, 300.0, null, null, new DeploymentFacts.Cost(null, null, null, null, null, 1.0), null));
  }

  @Test
  void withNeitherAnnotationTheRunnerDeclaresNoDeployment() throws Exception {
    CompiledScenario compiled = compiled("Plain", "@LlmBenchmark", "public class Plain {", "  @Prompt String p = \"a\";", "}")
        .succeeded();
    assertThat(compiled.runner("Plain").prompts().get(0).settings().deployment()).isNull();
    CompilationSubject.assertThat(compiled.compilation()).generatedSourceFile("com.example.Plain_LlmhRunner")
        .contentsAsUtf8String().doesNotContain(".deployment(");
  }

  @Test
  void aCurrencyMustBeAnIso4217Code() {
    compiled("Dollars",
        "@LlmBenchmark",
        "@Cost(perHour = 2,",
        "    currency = \"$\")",
        "class Dollars {",
        "  @Prompt String p = \"a\";",
        "}")
        .errorOn("currency = \"$\"", "@Cost(currency = \"$\") is not an ISO 4217 currency code; write e.g. \"USD\" or \"EUR\"")
        .errorCount(1);
    compiled("Made", "@LlmBenchmark", "@Cost(currency = \"XYZ\", perHour = 2)", "class Made {", "  @Prompt String p = \"a\";", "}")
        .errorOn("@Cost(currency = \"XYZ\"", "not an ISO 4217 currency code")
        .errorCount(1);
  }

  @Test
  void everyFigureMustBeAboveZero() {
    compiled("Negative",
        "@LlmBenchmark",
        "@Power(watts = 0)",
        "@Cost(hardware = -600,",
        "    lifetimeYears = 3, hoursPerDay = 4,",
        "    powerPrice = 0)",
        "class Negative {",
        "  @Prompt @Cost(perHour = -1) String p = \"a\";",
        "}")
        .errorOn("@Power(watts = 0)", "@Power(watts = 0.0) must be a finite number above zero")
        .errorOn("@Cost(hardware = -600,", "@Cost(hardware = -600.0) must be a finite number above zero")
        .errorOn("powerPrice = 0)", "@Cost(powerPrice = 0.0) must be a finite number above zero")
        .errorOn("@Cost(perHour = -1)", "@Cost(perHour = -1.0) must be a finite number above zero")
        .errorCount(4);
  }

  @Test
  void hoursPerDayAreAtMost24() {
    compiled("LongDay",
        "@LlmBenchmark",
        "@Cost(hardware = 600, lifetimeYears = 3, hoursPerDay = 25, powerPrice = 0.3)",
        "class LongDay {",
        "  @Prompt String p = \"a\";",
        "}")
        .errorOn("hoursPerDay = 25", "@Cost: hoursPerDay must be at most 24")
        .errorCount(1);
  }

  @Test
  void utilisationIsAPercentageWithItsSignAboveZeroAndAtMost100() {
    compiled("Fraction",
        "@LlmBenchmark",
        "@Cost(perHour = 2,",
        "    utilisation = \"0.5\")",
        "class Fraction {",
        "  @Prompt @Cost(perHour = 2, utilisation = \"half\") String p = \"a\";",
        "}")
        .errorOn("utilisation = \"0.5\"", "@Cost(utilisation = \"0.5\") needs its % sign")
        .errorOn("utilisation = \"half\"", "@Cost(utilisation = \"half\") is not a percentage; write e.g. \"50%\"")
        .errorCount(2);
    compiled("OutOfRange",
        "@LlmBenchmark",
        "@Cost(perHour = 2, utilisation = \"0%\")",
        "class OutOfRange {",
        "  @Prompt @Cost(perHour = 2, utilisation = \"150%\") String p = \"a\";",
        "}")
        .errorOn("utilisation = \"0%\"", "@Cost: utilisation must be above 0% and at most 100%")
        .errorOn("utilisation = \"150%\"", "@Cost: utilisation must be above 0% and at most 100%")
        .errorCount(2);
  }

  @Test
  void ownedHardwareNeedsEveryPriceAndTheMessageNamesTheMembers() {
    compiled("Incomplete",
        "@LlmBenchmark",
        "@Cost(hardware = 600, lifetimeYears = 3)",
        "class Incomplete {",
        "  @Prompt String p = \"a\";",
        "}")
        .errorOn("@Cost(hardware = 600", "@Cost: a cost per million tokens of owned hardware needs hardware, lifetimeYears,"
            + " hoursPerDay and powerPrice (or perHour for rented hardware); missing: hoursPerDay, powerPrice")
        .errorCount(1);
    compiled("Empty", "@LlmBenchmark", "@Cost()", "class Empty {", "  @Prompt String p = \"a\";", "}")
        .errorOn("@Cost()", "missing: hardware, lifetimeYears, hoursPerDay, powerPrice")
        .errorCount(1);
  }

  @Test
  void rentedAndOwnedHardwareTogetherIsAnError() {
    compiled("Both",
        "@LlmBenchmark",
        "@Cost(perHour = 1.5, hardware = 600)",
        "class Both {",
        "  @Prompt String p = \"a\";",
        "}")
        .errorOn("@Cost(perHour = 1.5", "@Cost: perHour prices rented hardware by the hour, and hardware (with lifetimeYears,"
            + " hoursPerDay) prices owned hardware: keep one")
        .errorCount(1);
  }

  @Test
  void aMoneyBudgetInAnotherCurrencyThanThePricesIsAnErrorOnTheBudget() {
    compiled("Mixed",
        "@LlmBenchmark",
        "@Cost(currency = \"USD\", perHour = 2)",
        "@Constraint(\"ttft.p50 < 2s\")",
        "@Constraint(\"cost_per_mtok < 0.5EUR\")",
        "class Mixed {",
        "  @Prompt String p = \"a\";",
        "  @Prompt String q = \"b\";",
        "}")
        .errorOn("@Constraint(\"cost_per_mtok < 0.5EUR\")", "\"cost_per_mtok < 0.5EUR\" is in EUR but the prices are in USD"
            + " (@Cost(currency)); write the budget in USD, or declare @Cost(currency = \"EUR\") with prices in EUR")
        .errorCount(1);
    compiled("NoCurrency",
        "@LlmBenchmark",
        "class NoCurrency {",
        "  @Prompt @Constraint(\"cost_per_mtok < 0.5EUR\") String p = \"a\";",
        "}")
        .errorOn("@Prompt @Constraint", "is in EUR but the prices are in USD (no @Cost(currency): USD); write the budget in USD,"
            + " or declare @Cost(currency = \"EUR\")")
        .errorCount(1);
    // the prompt's @Cost(currency) is the one its budgets are checked against
    compiled("PromptCurrency",
        "@LlmBenchmark",
        "@Constraint(\"cost_per_mtok < 0.5EUR\")",
        "class PromptCurrency {",
        "  @Prompt @Cost(currency = \"EUR\", perHour = 2) String euros = \"a\";",
        "  @Prompt @Cost(currency = \"GBP\", perHour = 2) String pounds = \"b\";",
        "}")
        .errorOn("@Constraint(\"cost_per_mtok < 0.5EUR\")", "is in EUR but the prices are in GBP")
        .errorCount(1);
  }

  @Test
  void misplacedAnnotationsAreErrorsAsOtherSettingsAre() {
    compiled("Loose",
        "@Power(watts = 100)",
        "class Loose {",
        "}")
        .errorOn("@Power(watts = 100)", "@Power on class Loose has no effect without @LlmBenchmark");
    compiled("Member",
        "@LlmBenchmark",
        "class Member {",
        "  @Prompt String p = \"a\";",
        "  @Cost(perHour = 2) String notAPrompt = \"b\";",
        "}")
        .errorOn("@Cost(perHour = 2) String notAPrompt", "@Cost on 'notAPrompt' has no effect")
        .errorCount(1);
  }

  @Test
  void eachCostMemberIsNamedAsItsConfigurationKey() {
    // The processor words DeploymentFacts.Cost.problem()'s key names as member names by dropping the prefix.
    assertThat(Arrays.stream(Cost.class.getDeclaredMethods()).map(m -> "llmh.cost." + m.getName()))
        .allSatisfy(key -> assertThat(Arrays.stream(ConfigKey.values()).map(ConfigKey::key)).contains(key));
  }
}
