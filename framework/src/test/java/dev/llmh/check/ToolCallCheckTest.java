package dev.llmh.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.measure.CheckOutcome;
import dev.llmh.measure.ToolCall;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code @ExpectToolCall}: the named call, its arguments one JSON object carrying the required keys, or the reason why not. */
class ToolCallCheckTest {
  private final ToolCallCheck check = new ToolCallCheck("get_weather", List.of("city", "unit"), List.of());

  private CheckOutcome on(ToolCall... calls) {
    return check.check("q", "", List.of(calls));
  }

  @Test
  void aWellFormedCallPasses() {
    assertThat(on(new ToolCall("get_weather", " {\"city\": \"Paris\", \"unit\": \"c\", \"extra\": 1} ")))
        .isEqualTo(new CheckOutcome("ExpectToolCall", true, null));
    // one good call of several passes
    assertThat(on(new ToolCall("get_weather", "{\"city\""), new ToolCall("get_weather", "{\"city\":\"a\",\"unit\":\"f\"}")).passed()).isTrue();
  }

  @Test
  void eachWayOfFailingSaysWhy() {
    assertThat(check.check("q", "It is sunny.", List.of()).reason()).isEqualTo("no tool call (the answer was text: \"It is sunny.\")");
    assertThat(on().reason()).isEqualTo("no tool call (the answer was empty)");
    assertThat(on(new ToolCall("get_time", "{}")).reason()).isEqualTo("no call of get_weather (called: get_time)");
    assertThat(on(new ToolCall("get_weather", "")).reason()).isEqualTo("get_weather: no arguments");
    assertThat(on(new ToolCall("get_weather", "{\"city\": \"Par")).reason())
        .startsWith("get_weather: arguments not JSON: ").endsWith("(arguments \"{\"city\": \"Par\")");
    assertThat(on(new ToolCall("get_weather", "[1]")).reason()).isEqualTo("get_weather: arguments are a JSON array, not an object");
    assertThat(on(new ToolCall("get_weather", "{\"city\": \"Paris\"}")).reason())
        .isEqualTo("get_weather: arguments without the required key unit (its keys: city)");
    assertThat(on(new ToolCall("get_weather", "{\"city\": 1}{}")).passed()).as("text after the object").isFalse();
    assertThat(on(new ToolCall("get_weather", "{}"), new ToolCall("get_weather", "{\"x\":1}")).reason())
        .isEqualTo("get_weather (2 calls, none well-formed; the first's): arguments without the required keys city, unit (its keys: )");
  }

  @Test
  void anArgumentFromThePromptMustBeAWholeWordOfIt() {
    ToolCallCheck copies = new ToolCallCheck("get_weather", List.of(), List.of("city"));
    String prompt = "Is it raining in Dozos?";
    assertThat(copies.check(prompt, "", List.of(new ToolCall("get_weather", "{\"city\": \"Dozos\"}"))).passed()).isTrue();
    assertThat(copies.check(prompt, "", List.of(new ToolCall("get_weather", "{\"city\": \"Stzos\"}"))).reason())
        .isEqualTo("get_weather: argument city \"Stzos\" is not a word of the prompt \"Is it raining in Dozos?\"");
    assertThat(copies.check(prompt, "", List.of(new ToolCall("get_weather", "{\"city\": \"Doz\"}"))).passed())
        .as("part of a word").isFalse();
    assertThat(copies.check(prompt, "", List.of(new ToolCall("get_weather", "{\"city\": 7}"))).passed()).as("not a string").isFalse();
    assertThat(copies.check(prompt, "", List.of(new ToolCall("get_weather", "{}"))).reason())
        .isEqualTo("get_weather: arguments without the required key city (its keys: )");
  }
}
