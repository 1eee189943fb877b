package dev.llmh.it;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.llmh.engine.LlmhTestEngine;
import dev.llmh.it.fixtures.LongScenario;
import dev.llmh.sim.SimulatedServer;
import dev.llmh.sim.SimulatorSettings;
import java.util.Map;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * The child JVM of {@link StoppedRunTest}: runs {@link LongScenario} (about 200 ms a request)
 * against a simulator in its own JVM, until it is stopped. Argument: the results directory.
 */
public final class StoppedRunMain {
  private StoppedRunMain() {}

  public static void main(String[] args) {
    SimulatorSettings settings = SimulatorSettings.defaults().withSlots(1).withInstantPrefill().withDecodeTokensPerSecond(10);
    try (SimulatedServer server = SimulatedServer.start(settings)) {
      EngineTestKit.engine(LlmhTestEngine.ENGINE_ID)
          .configurationParameters(Map.of("llmh.endpoint", server.baseUrl(), "llmh.resultsDir", args[0]))
          .selectors(selectClass(LongScenario.class))
          .execute();
    }
  }
}
