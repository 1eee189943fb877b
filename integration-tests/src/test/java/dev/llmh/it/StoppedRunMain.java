package dev.llmh.it;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.llmh.engine.LlmhTestEngine;
import dev.llmh.it.fixtures.LongScenario;
import dev.llmh.sim.Faults;
import dev.llmh.sim.SimulatedServer;
import dev.llmh.sim.SimulatorSettings;
import java.time.Duration;
import java.util.Map;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * The child JVM of {@link StoppedRunTest}: runs {@link LongScenario} (about 200 ms a request)
 * against a simulator in its own JVM, until it is stopped. Arguments: the results directory, and
 * {@code stalled} to make the first request wait a minute for its first token.
 */
public final class StoppedRunMain {
  private StoppedRunMain() {}

  public static void main(String[] args) {
    SimulatorSettings settings = SimulatorSettings.defaults().withSlots(1).withInstantPrefill().withDecodeTokensPerSecond(10);
    if (args.length > 1 && args[1].equals("stalled")) {
      settings = settings.withHook(Faults.of(Faults.stallBefore(1, 1, Duration.ofMinutes(1))));
    }
    try (SimulatedServer server = SimulatedServer.start(settings)) {
      EngineTestKit.engine(LlmhTestEngine.ENGINE_ID)
          // one round of the client's warm-up, as EngineRun's: the test stops the run, it does not time it
          .configurationParameters(Map.of("llmh.endpoint", server.baseUrl(), "llmh.resultsDir", args[0], "llmh.clientWarmup", "500"))
          .selectors(selectClass(LongScenario.class))
          .execute();
    }
  }
}
