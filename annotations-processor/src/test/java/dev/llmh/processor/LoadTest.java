package dev.llmh.processor;

import static dev.llmh.processor.CompiledScenario.compiled;
import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.annotations.Arrivals;
import dev.llmh.runner.DeclaredSettings;
import dev.llmh.runner.LoadDeclaration;
import dev.llmh.runner.ScenarioRunner;
import org.junit.jupiter.api.Test;

/** {@code @Load}: what the runner declares, which element's choice of load applies, and each error on its line. */
class LoadTest {

  @Test
  void theRunnerDeclaresTheLoadAsWrittenAndAPromptsConcurrencyReplacesTheClassLoad() throws Exception {
    ScenarioRunner runner = compiled("Open",
        "@LlmBenchmark",
        "@Load(rate = {\"4/s\", \"480/min\"}, arrivals = Arrivals.GAMMA, burstiness = 0.5, duration = \"30s\",",
        "    maxInFlight = 8, seed = 7)",
        "public class Open {",
        "  @Prompt String open = \"a\";",
        "  @Prompt @Concurrency(2) String closed = \"b\";",
        "}").succeeded().runner("Open");
    DeclaredSettings open = runner.prompts().get(0).settings();
    assertThat(open.measurement().load()).isEqualTo(new LoadDeclaration(java.util.List.of("4/s", "480/min"),
        Arrivals.GAMMA, 0.5, "30s", 8, 7));
    assertThat(open.measurement().concurrency()).isNull();
    DeclaredSettings closed = runner.prompts().get(1).settings();
    assertThat(closed.measurement().load()).isNull();
    assertThat(closed.measurement().concurrency()).containsExactly(2);
  }

  @Test
  void aPromptsLoadReplacesTheClassConcurrency() throws Exception {
    DeclaredSettings open = compiled("Mixed", "@LlmBenchmark", "@Concurrency({1, 4})", "public class Mixed {",
        "  @Prompt @Load(rate = \"2/s\") String open = \"a\";", "}").succeeded().runner("Mixed").prompts().get(0).settings();
    assertThat(open.measurement().concurrency()).isNull();
    assertThat(open.measurement().load().rates()).containsExactly("2/s");
    assertThat(open.measurement().load().arrivals()).isEqualTo(Arrivals.POISSON);
    assertThat(open.measurement().load().duration()).isNull();
  }

  @Test
  void concurrencyAndLoadOnOneElementIsAnErrorNamingTheChoice() {
    compiled("Both",
        "@LlmBenchmark",
        "@Concurrency(4)",
        "@Load(rate = \"4/s\")",
        "class Both {",
        "  @Prompt String p = \"a\";",
        "}")
        .errorOn("@Load(rate", "@Concurrency and @Load on 'Both' ask for two kinds of load: choose one")
        .errorCount(1);
    compiled("BothOnPrompt",
        "@LlmBenchmark",
        "class BothOnPrompt {",
        "  @Prompt @Concurrency(2) @Load(rate = \"1/s\") String p = \"a\";",
        "}")
        .errorOn("@Prompt @Concurrency(2)", "@Concurrency and @Load on 'p' ask for two kinds of load: choose one")
        .errorCount(1);
  }

  @Test
  void ratesMustBeRatesAboveZeroEachOnce() {
    compiled("Rates",
        "@LlmBenchmark",
        "@Load(rate = {\"4\",",
        "    \"0/s\",",
        "    \"2/s\", \"120/min\"})",
        "class Rates {",
        "  @Prompt String p = \"a\";",
        "}")
        .errorOn("@Load(rate = {\"4\",", "rate \"4\" is not a rate; write requests per unit of time, e.g. \"4/s\"")
        .errorOn("\"0/s\",", "rate \"0/s\" must be above zero")
        .errorOn("\"2/s\", \"120/min\"", "@Load lists rate 120/min, the same rate as 2/s; remove one")
        .errorCount(3);
    compiled("NoRate", "@LlmBenchmark", "@Load(rate = {})", "class NoRate {", "  @Prompt String p = \"a\";", "}")
        .errorOn("@Load(rate = {})", "@Load has no rate; give at least one");
  }

  @Test
  void burstinessDurationAndMaxInFlightMustBeUsable() {
    compiled("Shape",
        "@LlmBenchmark",
        "@Load(rate = \"4/s\", arrivals = Arrivals.GAMMA,",
        "    burstiness = 0,",
        "    duration = \"a minute\",",
        "    maxInFlight = -1)",
        "class Shape {",
        "  @Prompt String p = \"a\";",
        "}")
        .errorOn("burstiness = 0,", "@Load(burstiness = 0.0) must be a finite number above 0")
        .errorOn("duration = \"a minute\"", "@Load(duration) \"a minute\" is not a duration")
        .errorOn("maxInFlight = -1", "@Load(maxInFlight = -1) is negative")
        .errorCount(3);
    compiled("PoissonShape",
        "@LlmBenchmark",
        "@Load(rate = \"4/s\", burstiness = 2)",
        "class PoissonShape {",
        "  @Prompt String p = \"a\";",
        "}")
        .errorOn("@Load(rate = \"4/s\", burstiness = 2)", "applies to arrivals = GAMMA only; POISSON arrivals have no shape");
  }

  @Test
  void loadOnAMemberThatIsNoPromptIsAnError() {
    compiled("Stray",
        "@LlmBenchmark",
        "class Stray {",
        "  @Prompt String p = \"a\";",
        "  @Load(rate = \"1/s\") String notAPrompt = \"b\";",
        "}")
        .errorOn("@Load(rate = \"1/s\") String notAPrompt", "@Load on 'notAPrompt' has no effect");
  }
}
