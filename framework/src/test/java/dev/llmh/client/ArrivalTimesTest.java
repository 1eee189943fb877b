package dev.llmh.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.config.Api;
import dev.llmh.measure.RequestSample;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.ResponseBody;
import okio.Buffer;
import okio.Okio;
import okio.Source;
import okio.Timeout;
import org.junit.jupiter.api.Test;

/** A chunk's time is when its bytes arrived, not when the parser got round to it. */
class ArrivalTimesTest {
  private static final Timeouts TIMEOUTS =
      new Timeouts(Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(5));
  private static final long PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(40);

  @Test
  void framesThatArriveInOneReadShareItsTimeAndALaterReadIsTimedWhenItReturns() throws Exception {
    // Two chunks in the first read; the third comes in a second read, 40 ms later.
    ScriptedBody body = new ScriptedBody(List.of(
        event("A") + event("B"),
        event("C") + "data: [DONE]\n\n"));
    RequestSample sample = readSse(body);

    List<Long> times = sample.textChunkNanos();
    assertThat(times).hasSize(3);
    // The same read: the same time, though B was parsed after A (a timestamp taken at dispatch differs).
    assertThat(times.get(1)).isEqualTo(times.get(0));
    // Stamped after the first read returned and before the second began (it began with the pause).
    assertThat(times.get(0)).isBetween(body.returned.get(0), body.returned.get(1) - PAUSE_NANOS);
    assertThat(times.get(2)).isGreaterThanOrEqualTo(body.returned.get(1));
  }

  @Test
  void warmingUpRunsEveryProtocolsChunkPathWithoutSendingAnything() {
    // Port 9 (discard) on a host that does not exist: a request sent would fail, and warmUp would throw.
    for (Api api : Api.values()) {
      try (HttpProtocolClient client = api.ollama()
          ? new OllamaClient(api, "http://warm-up.invalid:9", Credentials.NONE, TIMEOUTS)
          : new OpenAiChatClient(api, "http://warm-up.invalid:9/v1", Credentials.NONE, TIMEOUTS)) {
        client.warmUp();
      }
    }
  }

  private static RequestSample readSse(ScriptedBody body) throws Exception {
    OpenAiChatClient client = new OpenAiChatClient(Api.OPENAI_CHAT, "http://127.0.0.1:9/v1", Credentials.NONE, TIMEOUTS);
    Request request = new Request.Builder().url("http://127.0.0.1:9/v1/chat/completions").build();
    Response response = new Response.Builder().request(request).protocol(Protocol.HTTP_1_1).code(200).message("OK")
        .body(ResponseBody.create(Okio.buffer(body), MediaType.get("text/event-stream"), -1)).build();
    StreamRecorder recorder = new StreamRecorder(System.nanoTime(),
        RequestWatch.start(new OkHttpClient().newCall(request), TIMEOUTS, ChatRequest.NO_DEADLINE), 16);
    try {
      EndpointHttp.read(response, recorder, client.stream());
    } finally {
      recorder.watch.stop();
      client.close();
    }
    RequestSample sample = recorder.finish("no [DONE]", Credentials.NONE::redact);
    assertThat(sample.error()).isNull();
    return sample;
  }

  private static String event(String text) {
    return "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"" + text + "\"}}]}\n\n";
  }

  /** A body that hands out one scripted piece per read, pausing before every piece but the first. */
  private static final class ScriptedBody implements Source {
    final List<String> pieces;
    final List<Long> returned = new java.util.ArrayList<>();

    ScriptedBody(List<String> pieces) {
      this.pieces = pieces;
    }

    @Override
    public long read(Buffer sink, long byteCount) throws java.io.IOException {
      int next = returned.size();
      if (next == pieces.size()) {
        return -1;
      }
      if (next > 0) {
        long until = System.nanoTime() + PAUSE_NANOS;
        while (System.nanoTime() < until) {
          LockSupport.parkNanos(until - System.nanoTime());
        }
      }
      byte[] bytes = pieces.get(next).getBytes(StandardCharsets.UTF_8);
      sink.write(bytes);
      returned.add(System.nanoTime());
      return bytes.length;
    }

    @Override
    public Timeout timeout() {
      return Timeout.NONE;
    }

    @Override
    public void close() {}
  }
}
