package dev.llmh.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.measure.RequestSample;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The event stream format as servers write it, cut anywhere by the network. */
class SseEventsTest {
  private static final Timeouts TIMEOUTS =
      new Timeouts(Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(5));

  private static final String STREAM = ": keep-alive comment\r\n\r\n"
      + "event: message\r\nid: 1\r\ndata: {\"model\":\"m\",\"choices\":[{\"delta\":\r\ndata:{\"content\":\"Hi\"}}]}\r\n\r\n"
      + "data: {\"choices\":[{\"delta\":{\"content\":\" there\"},\"finish_reason\":\"stop\"}],"
      + "\"usage\":{\"prompt_tokens\":3,\"completion_tokens\":2}}\n\n"
      + "data: [DONE]\n\n";

  @Test
  void multiLineDataCommentsAndOtherFieldsReadTheSameAtEverySplitPoint() {
    byte[] bytes = STREAM.getBytes(StandardCharsets.UTF_8);
    for (int split = 1; split < bytes.length; split++) {
      StreamRecorder recorder = new StreamRecorder(0, RequestWatch.start(() -> { }, TIMEOUTS, ChatRequest.NO_DEADLINE), 16);
      LineFrames frames = new OpenAiChatClient.Sse().frames(recorder);
      frames.feed(bytes, 0, split, 10);
      frames.feed(bytes, split, bytes.length - split, 20);
      recorder.watch.stop();
      RequestSample sample = recorder.finish("no [DONE]", Credentials.NONE::redact, 30);

      assertThat(sample.error()).as("split at %d", split).isNull();
      assertThat(sample.text().answer()).as("split at %d", split).isEqualTo("Hi there");
      assertThat(sample.server().servedModel()).isEqualTo("m");
      assertThat(sample.tokens().usageOutputTokens()).isEqualTo(2);
      assertThat(sample.server().finishReason()).isEqualTo("stop");
      // An event is timed by the read that completed it.
      int firstEventEnd = STREAM.indexOf("}]}\r\n\r\n") + "}]}\r\n\r\n".length();
      assertThat(sample.timing().textChunkNanos().get(0)).as("split at %d", split).isEqualTo(split >= firstEventEnd ? 10L : 20L);
    }
  }

  @Test
  void aMalformedEventFailsTheStreamWithItsStart() {
    StreamRecorder recorder = new StreamRecorder(0, RequestWatch.start(() -> { }, TIMEOUTS, ChatRequest.NO_DEADLINE), 16);
    byte[] bytes = "data: this is not json\n\ndata: [DONE]\n\n".getBytes(StandardCharsets.UTF_8);
    new OpenAiChatClient.Sse().frames(recorder).feed(bytes, 0, bytes.length, 1);
    recorder.watch.stop();
    assertThat(recorder.finish("no [DONE]", Credentials.NONE::redact, 2).error()).isEqualTo("malformed chunk: this is not json");
  }
}
