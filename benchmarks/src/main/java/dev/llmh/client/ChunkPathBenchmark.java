package dev.llmh.client;

import dev.llmh.config.Api;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.ResponseBody;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The client's per-chunk hot path: the arrival clock over the body, OkHttp's SSE reader splitting
 * events off it, and the client's own parser and {@code StreamRecorder} reading each chunk's JSON and timestamping it — the code
 * {@link OpenAiChatClient#send} runs, over an in-memory response so that no network is measured.
 * Scores are per chunk ({@code @OperationsPerInvocation}); the stream's setup (one Response, one
 * recorder, one request watch) is amortised over its chunks and included.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ChunkPathBenchmark {
  static final int CHUNKS = 256;

  /** Tokens of text per chunk: one is what llama.cpp and vLLM send. */
  @Param({"1"})
  public int tokensPerChunk;

  private byte[] body;
  private Request request;
  private okhttp3.Call call;
  private OpenAiChatClient client;
  private Timeouts timeouts;

  @Setup
  public void setUp() {
    StringBuilder sse = new StringBuilder();
    sse.append(event("{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"m\","
        + "\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"},\"finish_reason\":null}]}"));
    for (int k = 0; k < CHUNKS - 3; k++) {
      String text = " word" + k;
      sse.append(event("{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"m\","
          + "\"choices\":[{\"index\":0,\"delta\":{\"content\":\"" + text.repeat(tokensPerChunk) + "\"},\"finish_reason\":null}]}"));
    }
    sse.append(event("{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"m\","
        + "\"choices\":[],\"usage\":{\"prompt_tokens\":5,\"completion_tokens\":" + (CHUNKS - 3) + ",\"total_tokens\":1}}"));
    sse.append(event("[DONE]"));
    body = sse.toString().getBytes(StandardCharsets.UTF_8);
    request = new Request.Builder().url("http://127.0.0.1:9/v1/chat/completions").build();
    call = new OkHttpClient().newCall(request); // never executed: the request watch needs a call to cancel
    timeouts = new Timeouts(Duration.ofSeconds(10), Duration.ofMinutes(5), Duration.ofMinutes(5), Duration.ofMinutes(10));
    client = new OpenAiChatClient(Api.OPENAI_CHAT, "http://127.0.0.1:9/v1", Credentials.NONE, timeouts); // never sends
  }

  private static String event(String data) {
    return "data: " + data + "\n\n";
  }

  @Benchmark
  @OperationsPerInvocation(CHUNKS)
  public Object parseAndTimestamp() {
    Response response =
        new Response.Builder()
            .request(request)
            .protocol(Protocol.HTTP_1_1)
            .code(200)
            .message("OK")
            .body(ResponseBody.create(body, MediaType.get("text/event-stream")))
            .build();
    StreamRecorder recorder =
        new StreamRecorder(System.nanoTime(), RequestWatch.start(call, timeouts, ChatRequest.NO_DEADLINE), 1024);
    try {
      EndpointHttp.read(response, recorder, client.new Sse());
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
    recorder.watch.stop();
    var sample = recorder.finish("stream ended without data: [DONE]", Credentials.NONE::redact);
    if (sample.error() != null || sample.textChunkNanos().size() != CHUNKS - 3) {
      throw new IllegalStateException("the benchmark's stream did not parse: " + sample.error());
    }
    return sample;
  }
}
