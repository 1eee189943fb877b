package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import dev.llmh.it.fixtures.ResponseFormatScenarios;
import dev.llmh.result.CaseResult;
import dev.llmh.result.SampleRecord;
import dev.llmh.result.Section;
import dev.llmh.sim.SimulatedServer;
import dev.llmh.sim.SimulatorHook;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code @ResponseFormat} end to end: the request bodies as the simulator received them, in each
 * protocol; a missing schema refused before the first request; and the embedded engine, whose
 * generated model writes gibberish, answering JSON only under the format.
 */
class ResponseFormatGroundTruthTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** The fixture's {@code film.schema.json}, as a request carries it: its JSON, compact. */
  private static final String FILM_SCHEMA = resourceJson("/film.schema.json");

  @ParameterizedTest
  @ValueSource(strings = {"openai-chat", "openai-completions", "ollama-chat", "ollama-generate"})
  void everyRequestCarriesTheFormatAsItsProtocolSpellsIt(String api, @TempDir Path results) {
    boolean ollama = api.startsWith("ollama");
    ReceivedBodies received = new ReceivedBodies();
    // what each request carries is checked, not its timing: 96-token answers at 5,000 tok/s
    try (SimulatedServer server = SimulatedServer.start(FailureTaxonomyTest.fast().withDecodeTokensPerSecond(5000).withHook(received))) {
      EngineRun run = EngineRun.of(Map.of("llmh.endpoint", ollama ? server.rootUrl() : server.baseUrl(), "llmh.api", api),
          results, ResponseFormatScenarios.AnyObject.class, ResponseFormatScenarios.Schema.class,
          ResponseFormatScenarios.Free.class);
      List<CaseResult> cases = run.record().results();
      assertThat(cases).extracting(c -> c.section(Section.ERROR)).containsOnlyNulls();
      // each scenario: 1 warm-up and 8 measured requests
      List<JsonNode> bodies = List.copyOf(received.bodies);
      assertThat(bodies).hasSize(27);
      String field = ollama ? "format" : "response_format";
      String anyObject = ollama ? "\"json\"" : "{\"type\":\"json_object\"}";
      String schema = ollama ? FILM_SCHEMA
          : "{\"type\":\"json_schema\",\"json_schema\":{\"name\":\"film\",\"schema\":" + FILM_SCHEMA + ",\"strict\":true}}";
      Map<String, Long> sent = bodies.stream().collect(java.util.stream.Collectors.groupingBy(
          b -> b.has(field) ? b.get(field).toString() : "none", java.util.stream.Collectors.counting()));
      assertThat(sent).isEqualTo(Map.of(anyObject, 9L, schema, 9L, "none", 9L));
      // and the record says what each case asked for
      assertThat(cases).extracting(r -> r.settings().responseFormat()).containsExactlyInAnyOrder(
          Map.of("type", "json_object"), Map.of("type", "json_schema", "schema", "film.schema.json"), null);
      assertThat(bodies).allSatisfy(b -> assertThat(b.has(ollama ? "response_format" : "format")).isFalse());
    }
  }

  @Test
  void aSchemaMissingFromTheClasspathFailsTheCaseBeforeItsFirstRequestNamingTheFile(@TempDir Path results) {
    ReceivedBodies received = new ReceivedBodies();
    try (SimulatedServer server = SimulatedServer.start(FailureTaxonomyTest.fast().withHook(received))) {
      EngineRun run = EngineRun.of(server.baseUrl(), results, ResponseFormatScenarios.MissingSchema.class);
      CaseResult result = run.record().results().get(0);
      assertThat(result.section(Section.ERROR)).isEqualTo("@ResponseFormat(schema = \"no-such.schema.json\"): no such file on the test"
          + " classpath; put it under src/test/resources/no-such.schema.json");
      assertThat(result.samples()).isEmpty();
      assertThat(received.bodies).isEmpty();
    }
  }

  /**
   * The embedded engine's tiny model at temperature 0: under the bounded schema every answer is a
   * film object; unconstrained, none is JSON; as any JSON object at 8 tokens, every answer starts an
   * object, and one cut by max tokens is recorded as invalid JSON, never as a pass.
   */
  @Test
  void onTheEmbeddedEngineOnlyTheFormatMakesJson(@TempDir Path results) {
    EngineRun run = EngineRun.watched(Map.of("llmh.endpoint", "embedded", "llmh.embedded.model", "tiny",
            "llmh.embedded.modelsDir", results.resolve("models").toString()),
        results, ResponseFormatScenarios.Schema.class, ResponseFormatScenarios.Free.class,
        ResponseFormatScenarios.AnyObject.class);
    Map<String, CaseResult> byScenario = new java.util.HashMap<>();
    run.record().results().forEach(r -> byScenario.put(r.scenario().substring(r.scenario().lastIndexOf('$') + 1), r));

    CaseResult schema = byScenario.get("Schema");
    assertThat(schema.samples()).hasSize(8).allSatisfy(s -> {
      JsonNode film = parsed(s.answer().text());
      assertThat(film).as(s.answer().text()).isNotNull();
      assertThat(film.path("title").asText().length()).isLessThanOrEqualTo(24);
      assertThat(film.path("year").asInt()).isBetween(1900, 2030);
      assertThat(s.finishReason()).isEqualTo("stop");
      assertThat(s.answer().checks()).allSatisfy(c -> assertThat(c.passed()).isTrue());
    });
    assertThat(schema.section(Section.CHECKS).successRate()).isEqualTo(100.0);
    assertThat(schema.constraints()).extracting(CaseResult.ConstraintRecord::verdict).containsExactly("PASS");

    CaseResult free = byScenario.get("Free");
    assertThat(free.samples()).hasSize(8).allSatisfy(s -> {
      assertThat(s.answer().checks()).allSatisfy(c -> assertThat(c.passed()).isFalse());
      assertThat(s.answer().checks().get(0).reason()).isNotBlank();
    });
    assertThat(free.section(Section.CHECKS).successRate()).isEqualTo(0.0);

    CaseResult any = byScenario.get("AnyObject");
    assertThat(any.samples()).hasSize(8).allSatisfy(s -> {
      assertThat(s.answer().text()).startsWith("{");
      boolean cut = "length".equals(s.finishReason());
      JsonNode json = parsed(s.answer().text());
      assertThat(s.answer().checks().get(0).passed()).as(s.answer().text()).isEqualTo(!cut && json != null && json.has("title") && json.has("year"));
      if (cut) {
        assertThat(json).as("cut by max tokens: " + s.answer().text()).isNull();
        assertThat(s.answer().checks().get(0).reason()).as(s.answer().text()).isNotBlank();
      }
    });
    // 8 tokens cannot hold the object this model starts: the cut answers are there, and failed
    assertThat(any.samples()).anyMatch(s -> "length".equals(s.finishReason()));
    System.out.printf("valid-JSON rate on the embedded tiny model: schema %.0f%%, free %.0f%%, json_object at 8 tokens %.0f%%%n",
        schema.section(Section.CHECKS).successRate(), free.section(Section.CHECKS).successRate(), any.section(Section.CHECKS).successRate());
  }

  /** Every generation request's body as the simulator received it, and nothing changed. */
  private static final class ReceivedBodies implements SimulatorHook {
    final java.util.Queue<JsonNode> bodies = new java.util.concurrent.ConcurrentLinkedQueue<>();

    @Override
    public boolean interceptRequest(long requestNumber, HttpExchange exchange, byte[] body) throws IOException {
      bodies.add(JSON.readTree(body));
      return false;
    }
  }

  private static JsonNode parsed(String text) {
    try {
      JsonNode node = JSON.readTree(text.strip());
      return node != null && node.isObject() ? node : null;
    } catch (IOException e) {
      return null;
    }
  }

  private static String resourceJson(String name) {
    try (java.io.InputStream in = ResponseFormatGroundTruthTest.class.getResourceAsStream(name)) {
      return JSON.readTree(java.util.Objects.requireNonNull(in, name)).toString();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
