package dev.llmh.engine.cases;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.llmh.client.ChatRequest;
import dev.llmh.client.Credentials;
import dev.llmh.client.OllamaClient;
import dev.llmh.client.Network;
import dev.llmh.client.OpenAiChatClient;
import dev.llmh.client.Timeouts;
import dev.llmh.config.Api;
import dev.llmh.measure.RequestMetrics;
import dev.llmh.measure.RequestSample;
import dev.llmh.result.ResultsFiles;
import dev.llmh.result.RunJournal;
import dev.llmh.result.SampleRecord;
import dev.llmh.sim.SimTokenizer;
import dev.llmh.sim.SimulatedServer;
import dev.llmh.sim.SimulatorSettings;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What a sample records of the generated text, against the simulator's known text: the whole answer
 * and reasoning in the {@link RequestSample}, each cut to the bound in the record with the flag
 * {@code text_truncated}, under the JSON names {@code text} and {@code reasoning_text}.
 */
class AnswerTextRecordTest {
  private static final long SEED = 42;
  private static final int REASONING = 3;
  private static final int TOKENS = 40;
  private static final Timeouts TIMEOUTS =
      new Timeouts(Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(30));

  private static SimulatorSettings reasoning() {
    return SimulatorSettings.defaults().withDecodeTokensPerSecond(5000).withReasoningTokens(REASONING);
  }

  private static SampleRecord record(RequestSample sample, int textChars) {
    return CaseRecords.sampleRecord(sample, RequestMetrics.of(sample), sample.timing().startNanos(), List.of(), null, textChars);
  }

  @Test
  void theWholeTextIsKeptAndTheRecordCutsEachToTheBound() throws Exception {
    String reasoning = SimTokenizer.outputText(SEED, 0, REASONING);
    String answer = SimTokenizer.outputText(SEED, REASONING, TOKENS);
    assertThat(answer.length()).isGreaterThan(100);
    try (SimulatedServer server = SimulatedServer.start(reasoning());
        OpenAiChatClient client = new OpenAiChatClient(Api.OPENAI_CHAT, server.baseUrl(), Credentials.NONE, TIMEOUTS, Network.SYSTEM)) {
      RequestSample sample = client.send(ChatRequest.builder("any", "Say forty words", TOKENS).seed(SEED)
          .cachePrompt(Boolean.FALSE).build());
      assertThat(sample.error()).isNull();
      assertThat(sample.text().answer()).isEqualTo(answer);
      assertThat(sample.text().reasoning()).isEqualTo(reasoning);

      // Under the bound both are recorded whole, unflagged.
      SampleRecord whole = record(sample, 4_000);
      assertThat(whole.answer().text()).isEqualTo(answer);
      assertThat(whole.answer().reasoningText()).isEqualTo(reasoning);
      assertThat(whole.flags()).doesNotContain("text_truncated");

      // A bound of exactly the answer's length cuts nothing; one character less cuts one.
      assertThat(record(sample, answer.length()).answer().text()).isEqualTo(answer);
      assertThat(record(sample, answer.length()).flags()).doesNotContain("text_truncated");
      SampleRecord oneShort = record(sample, answer.length() - 1);
      assertThat(oneShort.answer().text()).isEqualTo(answer.substring(0, answer.length() - 1));
      assertThat(oneShort.flags()).contains("text_truncated");

      // A bound between the two texts' lengths cuts the answer only; the reasoning stays whole and apart.
      int bound = 25;
      assertThat(reasoning.length()).isLessThan(bound);
      SampleRecord cut = record(sample, bound);
      assertThat(cut.answer().text()).hasSize(bound).isEqualTo(answer.substring(0, bound));
      assertThat(cut.answer().reasoningText()).isEqualTo(reasoning);
      assertThat(cut.flags()).containsOnlyOnce("text_truncated");
      // The sample itself still holds the whole answer for checks.
      assertThat(sample.text().answer()).isEqualTo(answer);

      // A bound below both cuts the reasoning too: one flag for the sample.
      SampleRecord both = record(sample, 5);
      assertThat(both.answer().text()).isEqualTo(answer.substring(0, 5));
      assertThat(both.answer().reasoningText()).isEqualTo(reasoning.substring(0, 5));
      assertThat(both.flags()).containsOnlyOnce("text_truncated");

      // The JSON names, in the journal's line and the results file's mapper alike.
      JsonNode line = ResultsFiles.mapper().readTree(RunJournal.json(new RunJournal.Line("S", "c", Map.of(), 0, cut)));
      assertThat(line.get("sample").get("text").asText()).isEqualTo(answer.substring(0, bound));
      assertThat(line.get("sample").get("reasoning_text").asText()).isEqualTo(reasoning);
      assertThat(line.get("sample").get("flags")).extracting(JsonNode::asText).contains("text_truncated");
      JsonNode file = ResultsFiles.mapper().readTree(ResultsFiles.mapper().writeValueAsString(cut));
      assertThat(file.get("text").asText()).isEqualTo(answer.substring(0, bound));
      assertThat(file.get("reasoning_text").asText()).isEqualTo(reasoning);
    }
  }

  @Test
  void withoutReasoningTheTextAloneIsRecordedAndZeroKeepsNone() throws Exception {
    try (SimulatedServer server = SimulatedServer.start(SimulatorSettings.defaults().withDecodeTokensPerSecond(5000));
        OpenAiChatClient client = new OpenAiChatClient(Api.OPENAI_CHAT, server.baseUrl(), Credentials.NONE, TIMEOUTS, Network.SYSTEM)) {
      RequestSample sample = client.send(ChatRequest.builder("any", "Say six words", 6).seed(7)
          .cachePrompt(Boolean.FALSE).build());
      assertThat(sample.error()).isNull();
      assertThat(sample.text().answer()).isEqualTo(SimTokenizer.outputText(7, 0, 6));
      assertThat(sample.text().reasoning()).isNull();
      SampleRecord record = record(sample, 4_000);
      JsonNode json = ResultsFiles.mapper().readTree(ResultsFiles.mapper().writeValueAsString(record));
      assertThat(json.get("text").asText()).isEqualTo(SimTokenizer.outputText(7, 0, 6));
      assertThat(json.has("reasoning_text")).as("no reasoning arrived").isFalse();
      assertThat(record.flags()).doesNotContain("text_truncated");

      SampleRecord none = record(sample, 0);
      assertThat(none.answer().text()).isEmpty();
      assertThat(none.flags()).contains("text_truncated");
    }
  }

  @Test
  void ollamaThinkingIsKeptApartFromTheAnswer() {
    try (SimulatedServer server = SimulatedServer.start(reasoning());
        OllamaClient client = new OllamaClient(Api.OLLAMA_CHAT, server.rootUrl(), Credentials.NONE, TIMEOUTS, Network.SYSTEM)) {
      RequestSample sample = client.send(ChatRequest.builder("any", "Say ten words", 10).seed(SEED).build());
      assertThat(sample.error()).isNull();
      assertThat(sample.text().reasoning()).isEqualTo(SimTokenizer.outputText(SEED, 0, REASONING));
      assertThat(sample.text().answer()).isEqualTo(SimTokenizer.outputText(SEED, REASONING, 10));
    }
  }

  @Test
  void aCutNeverSplitsACharacterOutsideTheBasicPlane() {
    String text = "ab\uD83D\uDE00cd"; // a, b, 😀 (two chars, one code point), c, d
    assertThat(CaseRecords.cut(text, 3)).isEqualTo("ab\uD83D\uDE00");
    assertThat(CaseRecords.cut(text, 2)).isEqualTo("ab");
    assertThat(CaseRecords.cut(text, 5)).isSameAs(text);
    assertThat(CaseRecords.cut(null, 5)).isNull();
  }

  @Test
  void aSampleWithoutKeptTextRecordsNoneAndNoFlag() {
    RequestSample failed = RequestSample.builder(0, List.of(), 1_000_000).error("HTTP 500: boom").build();
    SampleRecord record = record(failed, 10);
    assertThat(record.answer().text()).isNull();
    assertThat(record.answer().reasoningText()).isNull();
    assertThat(record.flags()).doesNotContain("text_truncated");
  }
}
