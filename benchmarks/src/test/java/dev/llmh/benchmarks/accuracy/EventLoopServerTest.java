package dev.llmh.benchmarks.accuracy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.sim.ServedRequest;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The accuracy benchmark's ground truth keeps its schedule, numbers its requests and logs what it sent. */
class EventLoopServerTest {
  private static final long TTFT = 30_000_000L;
  private static final long GAP = 5_000_000L;

  private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  @Test
  void streamsOnItsScheduleAndTagsEachResponseWithItsRequestNumber() throws Exception {
    try (EventLoopServer server = EventLoopServer.start(TTFT, GAP, 8)) {
      String first = post(server, "{\"stream\":true,\"max_tokens\":5}");
      String second = post(server, "{\"stream\":true}");

      assertThat(events(first)).hasSize(1 + 5 + 3); // role, 5 tokens, finish, usage, [DONE]
      assertThat(first).contains("\"finish_reason\":\"length\"").contains("\"prompt_tokens\":1,")
          .endsWith("data: [DONE]\n\n");
      assertThat(events(second)).hasSize(1 + 8 + 3);
      assertThat(second).contains("\"finish_reason\":\"stop\"").contains("\"prompt_tokens\":2,");

      List<ServedRequest> served = server.servedRequests();
      assertThat(served).extracting(ServedRequest::requestNumber).containsExactly(1L, 2L);
      assertThat(served).extracting(r -> r.outcome().completionTokens()).containsExactly(5, 8);
      for (ServedRequest r : served) {
        List<Long> sent = r.times().contentChunkNanos();
        for (int k = 0; k < sent.size(); k++) {
          // Never early: chunk k leaves no sooner than arrival + TTFT + k gaps (late only on a busy machine).
          assertThat(sent.get(k) - r.times().arrivalNanos()).isGreaterThanOrEqualTo(TTFT + k * GAP);
        }
        assertThat(r.outcome().clientDisconnected()).isFalse();
      }
    }
  }

  @Test
  void listsOneModelAndAnswersOtherPathsWith404() throws Exception {
    try (EventLoopServer server = EventLoopServer.start(0, 0, 1)) {
      HttpResponse<String> models = client.send(
          HttpRequest.newBuilder(URI.create(server.baseUrl() + "/models")).build(), HttpResponse.BodyHandlers.ofString());
      assertThat(models.statusCode()).isEqualTo(200);
      assertThat(models.body()).contains("\"id\":\"any\"");
      HttpResponse<String> other = client.send(
          HttpRequest.newBuilder(URI.create(server.baseUrl() + "/completions"))
              .POST(HttpRequest.BodyPublishers.ofString("{}")).build(),
          HttpResponse.BodyHandlers.ofString());
      assertThat(other.statusCode()).isEqualTo(404);
      assertThat(server.servedRequests()).isEmpty();
    }
  }

  private String post(EventLoopServer server, String body) throws Exception {
    HttpResponse<String> response = client.send(
        HttpRequest.newBuilder(URI.create(server.baseUrl() + "/chat/completions"))
            .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.headers().firstValue("Content-Type")).hasValue("text/event-stream");
    return response.body();
  }

  private static List<String> events(String body) {
    return Arrays.stream(body.split("\n\n")).filter(e -> e.startsWith("data: ")).toList();
  }
}
