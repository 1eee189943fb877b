package dev.llmh.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import dev.llmh.config.Api;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Model sizes for the physics check, as servers report them. */
class ModelBytesTest {

  /** As Ollama 0.x answers {@code GET /api/tags}, trimmed. */
  static final String TAGS = """
      {"models":[
        {"name":"qwen2.5:7b","model":"qwen2.5:7b","modified_at":"2026-10-19T10:00:00Z","size":4683087332,
         "digest":"845dbda0ea48","details":{"format":"gguf","family":"qwen2","parameter_size":"7.6B","quantization_level":"Q4_K_M"}},
        {"name":"llama3.2:latest","model":"llama3.2:latest","size":2019393189,"digest":"a80c4f17acd5","details":{}}
      ]}""";

  private HttpServer server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.stop(0);
    }
  }

  @Test
  void ollamasTagsGiveTheNamedModelsSizeAndAnUntaggedNameIsLatest() throws IOException {
    var tags = new ObjectMapper().readTree(TAGS);

    assertThat(ModelBytes.fromOllamaTags(tags, "qwen2.5:7b")).isEqualTo(ModelBytes.of(4_683_087_332L, "ollama"));
    assertThat(ModelBytes.fromOllamaTags(tags, "llama3.2").bytes()).isEqualTo(2_019_393_189L);
    assertThat(ModelBytes.fromOllamaTags(tags, "mistral").unknown()).contains("lists no size for model 'mistral'");
    assertThat(ModelBytes.fromOllamaTags(tags, null).bytes()).isNull();
  }

  @Test
  void theOllamaClientReadsTheSizeFromApiTags() throws IOException {
    String root = serve(Map.of("/api/tags", TAGS));
    try (OllamaClient client = new OllamaClient(Api.OLLAMA_CHAT, root, Credentials.NONE, timeouts(), Network.SYSTEM)) {
      assertThat(client.modelBytes("qwen2.5:7b")).isEqualTo(ModelBytes.of(4_683_087_332L, "ollama"));
      assertThat(client.modelBytes("gone:1b").bytes()).isNull();
    }
  }

  @Test
  void ollamasOpenAiCompatibleV1FallsBackToTheNativeTagsBesideIt() throws IOException {
    String root = serve(Map.of(
        "/v1/models", "{\"object\":\"list\",\"data\":[{\"id\":\"qwen2.5:7b\",\"object\":\"model\",\"owned_by\":\"library\"}]}",
        "/api/tags", TAGS));
    try (OpenAiChatClient client = new OpenAiChatClient(Api.OPENAI_CHAT, root + "/v1", Credentials.NONE, timeouts(), Network.SYSTEM)) {
      assertThat(client.modelBytes("qwen2.5:7b")).isEqualTo(ModelBytes.of(4_683_087_332L, "ollama"));
    }
  }

  /** As Ollama's {@code POST /api/show} lists a model's tensors, trimmed to three. */
  static final String SHOW = """
      {"license":"x","details":{"format":"gguf"},"tensors":[
        {"name":"token_embd.weight","type":"Q4_K","shape":[3584,152064]},
        {"name":"blk.0.attn_q.weight","type":"Q4_K","shape":[3584,3584]},
        {"name":"output.weight","type":"Q6_K","shape":[3584,152064]}]}""";

  @Test
  void ollamasShowTensorsCountAStepsBytesOnBothItsApisRatherThanTheWholeSize() throws IOException {
    String root = serve(Map.of("/api/tags", TAGS, "/api/show", SHOW,
        "/v1/models", "{\"object\":\"list\",\"data\":[{\"id\":\"qwen2.5:7b\",\"object\":\"model\"}]}"));
    // Q4_K 144 B and Q6_K 210 B per 256 values; the embedding matrix as one row of 3,584 Q4_K values
    long expected = 3584L * 3584 / 256 * 144 + 3584L * 152064 / 256 * 210 + 3584L / 256 * 144;
    try (OllamaClient ollama = new OllamaClient(Api.OLLAMA_CHAT, root, Credentials.NONE, timeouts(), Network.SYSTEM);
        OpenAiChatClient v1 = new OpenAiChatClient(Api.OPENAI_CHAT, root + "/v1", Credentials.NONE, timeouts(), Network.SYSTEM)) {
      for (ModelBytes m : java.util.List.of(ollama.modelBytes("qwen2.5:7b"), v1.modelBytes("qwen2.5:7b"))) {
        assertThat(m.bytes()).isEqualTo(expected);
        assertThat(m.source()).isEqualTo("ollama");
        assertThat(m.rule()).contains("less token_embd.weight's " + 3584L * 152064 / 256 * 144 + " bytes but one row");
      }
    }
  }

  @Test
  void aServerThatTellsNoSizeSaysSo() throws IOException {
    String root = serve(Map.of("/v1/models", "{\"object\":\"list\",\"data\":[{\"id\":\"m\",\"object\":\"model\"}]}"));
    try (OpenAiChatClient client = new OpenAiChatClient(Api.OPENAI_CHAT, root + "/v1", Credentials.NONE, timeouts(), Network.SYSTEM)) {
      ModelBytes m = client.modelBytes("m");
      assertThat(m.bytes()).isNull();
      assertThat(m.unknown()).isEqualTo("the server's model listing gives no size for 'm'");
      assertThat(m.lasting()).isTrue();
    }
  }

  @Test
  void theEmbeddedListingGivesALoadedModelsFileSizeAndNotYetForOneNotLoaded() throws IOException {
    var listing = new ObjectMapper().readTree("""
        {"object":"list","data":[
          {"id":"llmh-tiny","owned_by":"llmh-embedded","meta":{"loaded":true,"modelFile":"llmh-tiny.gguf","modelBytes":4194304}},
          {"id":"llmh-small","owned_by":"llmh-embedded","meta":{"loaded":false}}]}""");

    assertThat(ModelBytes.fromListing(listing, "llmh-tiny")).isEqualTo(ModelBytes.of(4_194_304L, "gguf"));
    assertThat(ModelBytes.fromListing(listing, null)).isEqualTo(ModelBytes.of(4_194_304L, "gguf"));
    ModelBytes small = ModelBytes.fromListing(listing, "llmh-small");
    assertThat(small.bytes()).isNull();
    assertThat(small.lasting()).isFalse();
    assertThat(small.unknown()).contains("has not loaded 'llmh-small' yet");
    assertThat(ModelBytes.fromListing(listing, "other")).isNull();
  }

  @Test
  void llamaCppsListingGivesItsWeightsBytesAsMetaSize() throws IOException {
    var listing = new ObjectMapper().readTree("""
        {"object":"list","data":[{"id":"qwen2.5-7b-instruct-q4_k_m.gguf","object":"model","owned_by":"llamacpp",
          "meta":{"vocab_type":2,"n_vocab":152064,"n_ctx_train":32768,"n_embd":3584,"n_params":7615616512,"size":4677120000}}]}""");

    assertThat(ModelBytes.fromListing(listing, null)).isEqualTo(ModelBytes.of(4_677_120_000L, "gguf"));
  }

  private String serve(Map<String, String> bodies) throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/", ex -> {
      String body = bodies.get(ex.getRequestURI().getPath());
      byte[] bytes = (body == null ? "{\"error\":\"not found\"}" : body).getBytes(StandardCharsets.UTF_8);
      ex.getResponseHeaders().set("Content-Type", "application/json");
      ex.sendResponseHeaders(body == null ? 404 : 200, bytes.length);
      ex.getResponseBody().write(bytes);
      ex.close();
    });
    server.start();
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  private static Timeouts timeouts() {
    return Timeouts.of(Duration.ofSeconds(2), Duration.ofSeconds(5));
  }
}
