package dev.llmh.client;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.ResponseBody;
import okhttp3.sse.EventSources;
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
 * The client's per-chunk hot path: OkHttp's SSE reader splitting events off the body, and the
 * client's own {@code StreamRecorder} parsing each chunk's JSON and timestamping it — the code
 * {@link OpenAiChatClient#send} runs, over an in-memory response so that no network is measured.
 * Scores are per chunk ({@code @OperationsPerInvocation}); the stream's setup (one Response, one
 * recorder, one first-token watch) is amortised over its chunks and included.
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
  private FailureReasons reasons;

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
    call = new OkHttpClient().newCall(request); // never executed: the first-token watch needs a call to cancel
    reasons = new FailureReasons(Duration.ofSeconds(10), Duration.ofMinutes(5));
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
    OpenAiChatClient.StreamRecorder recorder = new OpenAiChatClient.StreamRecorder(reasons);
    recorder.startNanos = System.nanoTime();
    recorder.watch = FirstTokenWatch.start(call, Duration.ofMinutes(5));
    EventSources.processResponse(response, recorder);
    recorder.watch.stop();
    var sample = recorder.finish();
    if (sample.error() != null || sample.textChunkNanos().size() != CHUNKS - 3) {
      throw new IllegalStateException("the benchmark's stream did not parse: " + sample.error());
    }
    return sample;
  }
}
