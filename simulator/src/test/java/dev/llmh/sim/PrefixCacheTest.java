package dev.llmh.sim;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The simulator's prefix cache against a plain JDK client: a prompt that repeats the start of one
 * prefilled before prefills only the rest, to the token and, in time, to the millisecond.
 */
@Timeout(30)
class PrefixCacheTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient CLIENT = HttpClient.newHttpClient();
  /** 1,000 tokens/s: each token not prefilled saves 1 ms. */
  private static final SimulatorSettings CACHED =
      SimulatorSettings.defaults().withSlots(1).withPrefillTokensPerSecond(1000).withDecodeTokensPerSecond(1000)
          .withPrefixCache(true);
  private static final String SYSTEM = "You answer briefly. " + "Rule. ".repeat(200); // 3 + 400 tokens

  @Test
  void aRepeatedSystemPromptIsNotPrefilledAgainOnlyTheTextAfterIt() throws Exception {
    try (SimulatedServer server = SimulatedServer.start(CACHED)) {
      send(server, chat(SYSTEM, "Define latency. [a-1]", null));
      send(server, chat(SYSTEM, "Define latency. [a-2]", null));
      List<ServedRequest> served = server.awaitServedRequests(2, Duration.ofSeconds(5));
      int prompt = SimTokenizer.countTokens(SYSTEM) + SimTokenizer.countTokens("Define latency. [a-1]");
      assertThat(served.get(0).outcome().promptTokens()).isEqualTo(prompt);
      assertThat(served.get(0).outcome().cachedPromptTokens()).isZero();
      // everything but the marker's 4 differing tokens ("2", "]" after "a", "-") is shared: "[", "a", "-" match
      int shared = SimTokenizer.countTokens(SYSTEM) + SimTokenizer.countTokens("Define latency. [a-");
      assertThat(served.get(1).outcome().cachedPromptTokens()).isEqualTo(shared);
      assertPrefillsOnTime(served);
    }
  }

  @Test
  void aDifferentFirstTokenOrCachePromptFalseOrNoCacheMeansAFullPrefill() throws Exception {
    try (SimulatedServer server = SimulatedServer.start(CACHED)) {
      send(server, chat("[x-1] " + SYSTEM, "Define latency.", null));
      send(server, chat("[x-2] " + SYSTEM, "Define latency.", null));
      send(server, chat("[x-1] " + SYSTEM, "Define latency.", false));
      List<ServedRequest> served = server.awaitServedRequests(3, Duration.ofSeconds(5));
      // "[" and "x" and "-" are shared before the marker's number differs: a few tokens, not the preamble
      assertThat(served.get(1).outcome().cachedPromptTokens()).isEqualTo(3);
      assertThat(served.get(2).outcome().cachedPromptTokens()).isZero();
      assertPrefillsOnTime(served);
    }
    try (SimulatedServer server = SimulatedServer.start(CACHED.withPrefixCache(false))) {
      send(server, chat(SYSTEM, "Define latency.", null));
      send(server, chat(SYSTEM, "Define latency.", null));
      List<ServedRequest> uncached = server.awaitServedRequests(2, Duration.ofSeconds(5));
      assertThat(uncached.get(1).outcome().cachedPromptTokens()).isZero();
      assertPrefillsOnTime(uncached);
    }
  }

  @Test
  void aFullMatchStillPrefillsTheLastTokenAndOllamaGeneratesSystemFieldIsPartOfThePrefix() throws Exception {
    try (SimulatedServer server = SimulatedServer.start(CACHED)) {
      ObjectNode generate = JSON.createObjectNode().put("model", "m").put("system", SYSTEM).put("prompt", "Define latency.");
      generate.putObject("options").put("num_predict", 2);
      post(server.rootUrl() + "/api/generate", generate);
      post(server.rootUrl() + "/api/generate", generate);
      List<ServedRequest> served = server.awaitServedRequests(2, Duration.ofSeconds(5));
      int prompt = SimTokenizer.countTokens(SYSTEM) + SimTokenizer.countTokens("Define latency.");
      assertThat(served.get(0).outcome().promptTokens()).isEqualTo(prompt);
      assertThat(served.get(1).outcome().cachedPromptTokens()).isEqualTo(prompt - 1);
    }
  }

  @Test
  void aPromptEntersTheCacheOnlyWhenItsPrefillEnds() {
    PrefixCache cache = new PrefixCache();
    List<String> units = List.of("\u0000system", "a", "b", "\u0000user", "c");
    cache.store(units, 1_000);
    assertThat(cache.cachedTokens(units, 999)).isZero();
    assertThat(cache.cachedTokens(units, 1_000)).isEqualTo(2); // a, b; "c" is the last, always prefilled
    assertThat(cache.cachedTokens(List.of("\u0000system", "a", "x"), 1_000)).isEqualTo(1);
  }

  /**
   * Each request's first chunk after its slot against the prefill of the tokens it did not find in
   * the cache, 1 ms each, by {@link Offsets#lateDisagreement}: how late the machine woke the server
   * is noise measured on these requests; the delay to catch is the system prompt's prefill, which
   * a cache that saved nothing (or a saving not taken off the wait) would add.
   */
  private static void assertPrefillsOnTime(List<ServedRequest> served) {
    Offsets lateness = Offsets.of("prefill",
        served.stream().map(r -> (r.times().contentChunkNanos().get(0) - r.times().slotAcquiredNanos()) / 1e6).toList(),
        served.stream().map(r -> (double) (r.outcome().promptTokens() - r.outcome().cachedPromptTokens())).toList());
    System.out.println(lateness);
    assertThat(lateness.lateDisagreement(Offsets.SPAN_FLOOR_MS, SimTokenizer.countTokens(SYSTEM))).isNull();
  }

  private static ObjectNode chat(String system, String user, Boolean cachePrompt) {
    ObjectNode body = JSON.createObjectNode().put("model", "m").put("max_tokens", 2).put("stream", true);
    ArrayNode messages = body.putArray("messages");
    messages.addObject().put("role", "system").put("content", system);
    messages.addObject().put("role", "user").put("content", user);
    if (cachePrompt != null) {
      body.put("cache_prompt", cachePrompt);
    }
    return body;
  }

  private static void send(SimulatedServer server, ObjectNode body) throws Exception {
    post(server.baseUrl() + "/chat/completions", body);
  }

  private static void post(String url, ObjectNode body) throws Exception {
    HttpResponse<String> response = CLIENT.send(
        HttpRequest.newBuilder(URI.create(url)).header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))).build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
  }
}
