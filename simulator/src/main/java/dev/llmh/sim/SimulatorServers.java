package dev.llmh.sim;

import dev.llmh.endpoint.spi.LocalServers;

/** The simulator as the harness finds it: a {@link LocalServers} registered in {@code META-INF/services}. */
public final class SimulatorServers implements LocalServers {
  @Override
  public LocalServer simulated(int slots, double prefillTokensPerSecond, double decodeTokensPerSecond, String requiredApiKey) {
    return SimulatedServer.start(SimulatorSettings.defaults()
        .withSlots(slots)
        .withPrefillTokensPerSecond(prefillTokensPerSecond)
        .withDecodeTokensPerSecond(decodeTokensPerSecond)
        .withRequiredApiKey(requiredApiKey));
  }

  @Override
  public LocalServer instant(int tokens) {
    return SimulatedServer.start(SimulatorSettings.defaults().withInstantPrefill()
        .withDecodeTokensPerSecond(Double.POSITIVE_INFINITY).withNaturalLength(tokens).withDefaultMaxTokens(tokens));
  }
}
