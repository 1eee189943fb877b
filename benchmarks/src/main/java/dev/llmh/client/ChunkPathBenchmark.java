package dev.llmh.client;

import dev.llmh.client.wire.StreamingHttp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
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
 * The client's per-chunk hot path, as the event loop runs it from the stamp of a socket read: the
 * pipeline's handlers (the stamp, Netty's HTTP/1.1 decoder de-chunking, the response handler), the
 * SSE framing, the client's own parser and {@code StreamRecorder} reading each chunk's JSON and
 * timestamping it — over in-memory reads, one HTTP chunk each, through an embedded channel, so that
 * no network is measured. Scores are per chunk ({@code @OperationsPerInvocation}); the stream's
 * setup (the channel's pipeline, one recorder, one request watch) is amortised over its chunks and
 * included.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ChunkPathBenchmark {
  static final int CHUNKS = 256;

  /** Tokens of text per chunk: one is what llama.cpp and vLLM send. */
  @Param({"1"})
  public int tokensPerChunk;

  /**
   * What the generated chunks carry: {@code text} ({@code delta.content}), or {@code toolCall} (one
   * call, its id and name in the first chunk, then its arguments a token per chunk in
   * {@code delta.tool_calls[0].function.arguments}), which the recorder times and counts alike.
   */
  @Param({"text", "toolCall"})
  public String answer;

  private List<byte[]> reads;
  private Timeouts timeouts;
  private final EndpointHttp.Stream stream = new OpenAiChatClient.Sse();

  @Setup
  public void setUp() {
    List<String> events = new ArrayList<>();
    events.add(event("{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"m\","
        + "\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"},\"finish_reason\":null}]}"));
    for (int k = 0; k < CHUNKS - 3; k++) {
      String text = " word" + k;
      String delta = !answer.equals("toolCall") ? "{\"content\":\"" + text.repeat(tokensPerChunk) + "\"}"
          : k == 0 ? "{\"tool_calls\":[{\"index\":0,\"id\":\"call_1\",\"type\":\"function\",\"function\":{\"name\":\"get_weather\",\"arguments\":\"\"}}]}"
          : "{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"" + text.repeat(tokensPerChunk) + "\"}}]}";
      events.add(event("{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"m\","
          + "\"choices\":[{\"index\":0,\"delta\":" + delta + ",\"finish_reason\":null}]}"));
    }
    events.add(event("{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"m\","
        + "\"choices\":[],\"usage\":{\"prompt_tokens\":5,\"completion_tokens\":" + (CHUNKS - 3) + ",\"total_tokens\":1}}"));
    events.add(event("[DONE]"));
    reads = HttpMessages.chunkedResponse("text/event-stream", events);
    timeouts = new Timeouts(Duration.ofSeconds(10), Duration.ofMinutes(5), Duration.ofMinutes(5), Duration.ofMinutes(10));
  }

  private static String event(String data) {
    return "data: " + data + "\n\n";
  }

  @Benchmark
  @OperationsPerInvocation(CHUNKS)
  public Object parseAndTimestamp() {
    StreamRecorder recorder =
        new StreamRecorder(System.nanoTime(), RequestWatch.start(() -> { }, timeouts, ChatRequest.NO_DEADLINE), 1024);
    StreamingHttp.replay(reads, new StreamSink(recorder, stream));
    recorder.watch.stop();
    var sample = recorder.finish(stream.missingEnd(), Credentials.NONE::redact, System.nanoTime());
    if (sample.error() != null || sample.timing().textChunkNanos().size() != CHUNKS - 3) {
      throw new IllegalStateException("the benchmark's stream did not parse: " + sample.error());
    }
    return sample;
  }
}
