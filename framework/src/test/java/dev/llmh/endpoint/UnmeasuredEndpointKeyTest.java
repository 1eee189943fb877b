package dev.llmh.endpoint;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import dev.llmh.client.ChatRequest;
import dev.llmh.config.Api;
import dev.llmh.config.Config;
import dev.llmh.sim.SimulatedServer;
import dev.llmh.sim.SimulatorHook;
import dev.llmh.sim.SimulatorSettings;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The API key is the measured endpoint's: a judge elsewhere never gets it. */
class UnmeasuredEndpointKeyTest {
  private static final String KEY = "sk-measured-only-7f3a";

  @Test
  void theKeyGoesToTheMeasuredEndpointAndNeverToAJudgeElsewhere() {
    List<String> measuredSaw = new CopyOnWriteArrayList<>();
    List<String> judgeSaw = new CopyOnWriteArrayList<>();
    SimulatorSettings fast = SimulatorSettings.defaults().withInstantPrefill();
    try (SimulatedServer measured = SimulatedServer.start(fast.withHook(recording(measuredSaw)));
        SimulatedServer judge = SimulatedServer.start(fast.withHook(recording(judgeSaw)));
        Endpoints endpoints = new Endpoints(
            Config.read(key -> Optional.ofNullable(Map.of("llmh.endpoint", measured.baseUrl(), "llmh.apiKey", KEY,
                "llmh.clientWarmup", "0").get(key)), Map.of()), line -> {})) {
      Endpoint measuredEndpoint = endpoints.get(measured.baseUrl(), Api.OPENAI_CHAT);
      assertThat(measuredEndpoint.client().send(request()).succeeded()).isTrue();
      assertThat(endpoints.unmeasured(judge.baseUrl(), Api.OPENAI_CHAT).client().send(request()).succeeded()).isTrue();
      // a judge on the endpoint measured is that endpoint, key and all
      assertThat(endpoints.unmeasured(measured.baseUrl(), Api.OPENAI_CHAT)).isSameAs(measuredEndpoint);

      assertThat(measuredSaw).containsExactly("Bearer " + KEY);
      assertThat(judgeSaw).containsExactly("none");
    }
  }

  private static ChatRequest request() {
    return ChatRequest.builder(null, "hello", 4).seed(1).build();
  }

  /** Notes each chat request's Authorization header, then lets the simulator answer it. */
  private static SimulatorHook recording(List<String> seen) {
    return new SimulatorHook() {
      @Override
      public boolean interceptRequest(long requestNumber, HttpExchange exchange) {
        String given = exchange.getRequestHeaders().getFirst("Authorization");
        seen.add(given == null ? "none" : given);
        return false;
      }
    };
  }
}
