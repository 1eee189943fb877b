package dev.llmh.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.config.Api;
import dev.llmh.measure.RequestSample;
import dev.llmh.measure.ToolCall;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Streamed tool calls are generated output: each chunk carrying a piece of one is timed and counted
 * as a text chunk is, and the pieces are put together into the calls the sample records.
 */
class ToolCallStreamTest {
  private static final Timeouts TIMEOUTS =
      new Timeouts(Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(5));

  private static StreamRecorder recorder() {
    return new StreamRecorder(0, RequestWatch.start(() -> { }, TIMEOUTS, ChatRequest.NO_DEADLINE), 64);
  }

  private static String event(String delta) {
    return "data: {\"model\":\"m\",\"choices\":[{\"index\":0,\"delta\":" + delta + ",\"finish_reason\":null}]}\n\n";
  }

  /** OpenAI's shape: a role chunk, the call's id and name with empty arguments, then the arguments in pieces. */
  @Test
  void anOpenAiToolCallOnlyAnswerIsTimedFromItsFirstPieceAndAssembled() {
    List<String> events = List.of(
        event("{\"role\":\"assistant\",\"content\":null}"),
        event("{\"tool_calls\":[{\"index\":0,\"id\":\"call_1\",\"type\":\"function\",\"function\":{\"name\":\"get_weather\",\"arguments\":\"\"}}]}"),
        event("{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"{\\\"ci\"}}]}"),
        event("{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"ty\\\": \\\"Paris\\\"}\"}}]}"),
        event("{\"tool_calls\":[{\"index\":1,\"id\":\"call_2\",\"type\":\"function\",\"function\":{\"name\":\"get_time\",\"arguments\":\"{}\"}}]}"),
        "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}],\"usage\":{\"prompt_tokens\":5,\"completion_tokens\":9}}\n\n",
        "data: [DONE]\n\n");
    StreamRecorder recorder = recorder();
    LineFrames frames = new OpenAiChatClient.Sse().frames(recorder);
    for (int k = 0; k < events.size(); k++) {
      byte[] bytes = events.get(k).getBytes(StandardCharsets.UTF_8);
      frames.feed(bytes, 0, bytes.length, 100 + 10L * k);
    }
    recorder.watch.stop();
    RequestSample sample = recorder.finish("no [DONE]", Credentials.NONE::redact, 200);

    assertThat(sample.error()).isNull();
    // the role chunk carries nothing generated; each tool-call piece does
    assertThat(sample.timing().textChunkNanos()).containsExactly(110L, 120L, 130L, 140L);
    assertThat(sample.timing().firstAnswerNanos()).as("a tool call is answer, not reasoning").isEqualTo(110L);
    assertThat(sample.timing().reasoningChunks()).isZero();
    assertThat(sample.text().answer()).isEmpty();
    assertThat(sample.server().finishReason()).isEqualTo("tool_calls");
    assertThat(sample.text().toolCalls()).containsExactly(
        new ToolCall("get_weather", "{\"city\": \"Paris\"}"), new ToolCall("get_time", "{}"));
    // what the server's token count may cover: each call's name, arguments and the markup around them
    assertThat(sample.tokens().textBytes()).isEqualTo("get_weather{\"city\": \"Paris\"}get_time{}".length()
        + 2 * StreamRecorder.TOOL_CALL_MARKUP_BYTES);
  }

  @Test
  void textAndAToolCallInOneStreamAreBothKept() {
    String stream = event("{\"content\":\"Let me look.\"}")
        + event("{\"tool_calls\":[{\"index\":0,\"id\":\"c\",\"function\":{\"name\":\"get_weather\",\"arguments\":\"{\\\"city\\\":\\\"Oslo\\\"}\"}}]}")
        + "data: [DONE]\n\n";
    StreamRecorder recorder = recorder();
    byte[] bytes = stream.getBytes(StandardCharsets.UTF_8);
    new OpenAiChatClient.Sse().frames(recorder).feed(bytes, 0, bytes.length, 7);
    recorder.watch.stop();
    RequestSample sample = recorder.finish("no [DONE]", Credentials.NONE::redact, 8);
    assertThat(sample.text().answer()).isEqualTo("Let me look.");
    assertThat(sample.timing().textChunkNanos()).hasSize(2);
    assertThat(sample.text().toolCalls()).containsExactly(new ToolCall("get_weather", "{\"city\":\"Oslo\"}"));
  }

  /** Two calls begun in one chunk, their arguments then interleaved; arguments given as an object are kept as JSON. */
  @Test
  void parallelCallsInOneChunkAreOneChunkAndTwoCalls() {
    String stream = event("{\"tool_calls\":[{\"index\":0,\"id\":\"a\",\"function\":{\"name\":\"get_weather\",\"arguments\":\"{\\\"city\"}},"
        + "{\"index\":1,\"id\":\"b\",\"function\":{\"name\":\"get_time\",\"arguments\":{\"city\":\"Rome\"}}}]}")
        + event("{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"\\\": \\\"Oslo\\\"}\"}}]}")
        + "data: [DONE]\n\n";
    StreamRecorder recorder = recorder();
    LineFrames frames = new OpenAiChatClient.Sse().frames(recorder);
    byte[] bytes = stream.getBytes(StandardCharsets.UTF_8);
    int second = stream.indexOf("data:", 1);
    frames.feed(bytes, 0, second, 5);
    frames.feed(bytes, second, bytes.length - second, 9);
    recorder.watch.stop();
    RequestSample sample = recorder.finish("no [DONE]", Credentials.NONE::redact, 10);
    assertThat(sample.timing().textChunkNanos()).containsExactly(5L, 9L);
    assertThat(sample.text().toolCalls()).containsExactly(
        new ToolCall("get_weather", "{\"city\": \"Oslo\"}"), new ToolCall("get_time", "{\"city\":\"Rome\"}"));
  }

  @Test
  void aTextAnswerMakesNoToolCall() {
    StreamRecorder recorder = recorder();
    byte[] bytes = (event("{\"content\":\"Hi\"}") + "data: [DONE]\n\n").getBytes(StandardCharsets.UTF_8);
    new OpenAiChatClient.Sse().frames(recorder).feed(bytes, 0, bytes.length, 1);
    recorder.watch.stop();
    assertThat(recorder.finish("no [DONE]", Credentials.NONE::redact, 2).text().toolCalls()).isEmpty();
  }

  /** Ollama sends each call whole, its arguments an object, in a chunk with empty content. */
  @Test
  void anOllamaToolCallIsOneChunkOfGeneratedOutputWithItsArgumentsAsJson() {
    String lines = "{\"model\":\"m\",\"message\":{\"role\":\"assistant\",\"content\":\"\",\"tool_calls\":[{\"function\":"
        + "{\"name\":\"get_weather\",\"arguments\":{\"city\":\"Paris\"}}},{\"function\":{\"name\":\"get_time\",\"arguments\":{}}}]},\"done\":false}\n"
        + "{\"model\":\"m\",\"message\":{\"role\":\"assistant\",\"content\":\"\"},\"done\":true,\"done_reason\":\"stop\",\"eval_count\":12}\n";
    StreamRecorder recorder = recorder();
    LineFrames frames = new OllamaClient(Api.OLLAMA_CHAT, "http://127.0.0.1:1", Credentials.NONE, TIMEOUTS, Network.SYSTEM).stream().frames(recorder);
    byte[] bytes = lines.getBytes(StandardCharsets.UTF_8);
    int firstLine = lines.indexOf('\n') + 1;
    frames.feed(bytes, 0, firstLine, 50);
    frames.feed(bytes, firstLine, bytes.length - firstLine, 60);
    recorder.watch.stop();
    RequestSample sample = recorder.finish("no done", Credentials.NONE::redact, 70);
    assertThat(sample.error()).isNull();
    assertThat(sample.timing().textChunkNanos()).containsExactly(50L);
    assertThat(sample.timing().firstAnswerNanos()).isEqualTo(50L);
    assertThat(sample.tokens().usageOutputTokens()).isEqualTo(12);
    assertThat(sample.text().toolCalls()).containsExactly(new ToolCall("get_weather", "{\"city\":\"Paris\"}"), new ToolCall("get_time", "{}"));
  }
}
