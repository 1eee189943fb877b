package dev.llmh.embedded.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmh.embedded.server.Channels.Content;
import dev.llmh.embedded.server.Channels.Part;
import dev.llmh.embedded.server.Channels.Reasoning;
import dev.llmh.embedded.server.Channels.ToolCall;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChannelsTest {
  static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void thinkingIsReasoningAndTheRestContentWhateverThePieces() {
    String answer = "<think>\nunits: 7 + 8 = 15\n</think>\n27 + 28 = 55.";
    for (int size : new int[] {1, 2, 3, 7, answer.length()}) {
      List<Part> parts = split(answer, size, false);
      assertThat(text(parts, Reasoning.class)).as("pieces of " + size).isEqualTo("\nunits: 7 + 8 = 15\n");
      assertThat(text(parts, Content.class)).as("pieces of " + size).isEqualTo("27 + 28 = 55.");
    }
  }

  @Test
  void aToolCallIsParsedWhenToolsWereOfferedAndIsTextOtherwise() {
    String answer = "<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\"}}\n</tool_call>";
    for (int size : new int[] {1, 4, answer.length()}) {
      List<Part> parts = split(answer, size, true);
      assertThat(parts).as("pieces of " + size).containsExactly(new ToolCall("get_weather", "{\"city\":\"Oslo\"}"));
    }
    assertThat(text(split(answer, 3, false), Content.class)).isEqualTo(answer);
  }

  @Test
  void contentBeforeAndBetweenCallsIsKeptAndALessThanSignIsNotHeldForever() {
    String answer = "Let me look. <tool_call>{\"name\": \"a\", \"arguments\": {}}</tool_call>\n"
        + "<tool_call>{\"name\": \"b\"}</tool_call> 3 < 4";
    List<Part> parts = split(answer, 2, true);
    assertThat(parts).filteredOn(p -> p instanceof ToolCall)
        .containsExactly(new ToolCall("a", "{}"), new ToolCall("b", "{}"));
    assertThat(text(parts, Content.class)).isEqualTo("Let me look. 3 < 4");
  }

  @Test
  void whatDoesNotParseStaysText() {
    String broken = "<tool_call>{\"city\": \"Oslo\"}</tool_call>";
    assertThat(split(broken, 5, true)).containsExactly(new Content(broken));
    String cut = "<tool_call>{\"name\": \"get_wea";
    assertThat(text(split(cut, 5, true), Content.class)).isEqualTo(cut);
  }

  @Test
  void thinkingThatNeverEndsLeavesNoContent() {
    List<Part> parts = split("<think>\n3 + 14 = 17\n17 + 22 = 3", 4, false);
    assertThat(text(parts, Content.class)).isEmpty();
    assertThat(text(parts, Reasoning.class)).isEqualTo("\n3 + 14 = 17\n17 + 22 = 3");
  }

  @Test
  void textThatOnlyLooksLikeATagStartIsContent() {
    assertThat(split("<thin", 2, false)).containsExactly(new Content("<thin"));
    assertThat(text(split("<b>bold</b>", 1, true), Content.class)).isEqualTo("<b>bold</b>");
  }

  /** {@code answer} fed in pieces of {@code size} characters, then finished. */
  private static List<Part> split(String answer, int size, boolean tools) {
    Channels channels = new Channels(tools, JSON);
    List<Part> parts = new ArrayList<>();
    for (int i = 0; i < answer.length(); i += size) {
      parts.addAll(channels.accept(answer.substring(i, Math.min(answer.length(), i + size))));
    }
    parts.addAll(channels.finish());
    return parts;
  }

  private static String text(List<Part> parts, Class<? extends Part> kind) {
    StringBuilder s = new StringBuilder();
    for (Part p : parts) {
      if (kind.isInstance(p)) {
        s.append(p instanceof Content c ? c.text() : ((Reasoning) p).text());
      }
    }
    return s.toString();
  }
}
