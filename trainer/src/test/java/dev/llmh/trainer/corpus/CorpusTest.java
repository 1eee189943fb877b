package dev.llmh.trainer.corpus;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class CorpusTest {
  static final ObjectMapper JSON = new ObjectMapper();
  static final Pattern SENTENCE_YEAR = Pattern.compile("\\b(1[89]\\d\\d|20\\d\\d)\\b");

  @Test
  void oneSeedGivesTheSameCorpusAndAnotherSeedAnother() {
    assertThat(Corpus.of(1).training(500)).isEqualTo(Corpus.of(1).training(500));
    assertThat(Corpus.of(1).heldOut(Task.FILM_JSON, 50)).isEqualTo(Corpus.of(1).heldOut(Task.FILM_JSON, 50));
    assertThat(Corpus.of(2).training(500)).isNotEqualTo(Corpus.of(1).training(500));
    assertThat(Corpus.of(2).titles().heldOut()).isNotEqualTo(Corpus.of(1).titles().heldOut());
  }

  @Test
  void heldOutEntitiesNeverAppearInTraining() {
    Corpus corpus = Corpus.of(42);
    List<Example> training = corpus.training(20_000);
    Set<String> trainedTitles = training.stream().filter(e -> e.task() == Task.FILM_JSON)
        .map(e -> parse(e.answer()).path("title").asText()).collect(Collectors.toSet());
    Set<String> trainedCities = training.stream().filter(e -> e.task() == Task.WEATHER_TOOL).map(Example::expected)
        .collect(Collectors.toSet());
    Set<String> trainedSums = training.stream().filter(e -> e.task() == Task.ARITHMETIC).map(e -> operands(e.user()))
        .collect(Collectors.toSet());
    assertThat(trainedTitles).hasSizeGreaterThan(500).doesNotContainAnyElementsOf(corpus.titles().heldOut());
    assertThat(corpus.cities().training()).containsAll(trainedCities);
    assertThat(trainedCities).hasSizeGreaterThan(2000);
    assertThat(corpus.cities().heldOut()).hasSizeGreaterThanOrEqualTo(400).doesNotContainAnyElementsOf(trainedCities);
    for (Task task : List.of(Task.FILM_JSON, Task.WEATHER_TOOL, Task.ARITHMETIC)) {
      for (Example held : corpus.heldOut(task, 200)) {
        assertThat(training).as(task + ": " + held.user()).noneMatch(t -> t.user().equals(held.user()));
        if (task == Task.ARITHMETIC) {
          assertThat(trainedSums).as(held.user()).doesNotContain(operands(held.user()));
        }
      }
    }
  }

  @Test
  void everyTaskIsTrainedAndItsAnswersAreWellFormed() {
    List<Example> training = Corpus.of(42).training(4_000);
    Map<Task, Long> counts = new EnumMap<>(Task.class);
    training.forEach(e -> counts.merge(e.task(), 1L, Long::sum));
    assertThat(counts).containsOnlyKeys(Task.values()).allSatisfy((task, n) -> assertThat(n).isEqualTo(1_000L));
    for (Example e : training) {
      switch (e.task()) {
        case FILM_JSON -> {
          JsonNode film = parse(e.answer());
          assertThat(e.user()).contains(film.path("title").asText());
          Matcher year = SENTENCE_YEAR.matcher(e.user());
          assertThat(year.find()).as(e.user()).isTrue();
          assertThat(film.path("year").asInt()).isEqualTo(Integer.parseInt(year.group(1)));
          assertThat(film.size()).isEqualTo(2);
        }
        case WEATHER_TOOL -> {
          assertThat(e.tools()).containsExactly(Corpus.WEATHER_TOOL);
          assertThat(e.answer()).startsWith("<tool_call>\n").endsWith("\n</tool_call>");
          JsonNode call = parse(e.answer().substring(12, e.answer().length() - 13));
          assertThat(call.path("name").asText()).isEqualTo("get_weather");
          assertThat(call.path("arguments").path("city").asText()).isEqualTo(e.expected()).isIn(List.of(e.user().split("[ ?]")));
        }
        case SHORT_ANSWER -> assertThat(e.answer()).endsWith(e.expected() + ".");
        case ARITHMETIC -> {
          int[] ab = Arrays.stream(operands(e.user()).split(",")).mapToInt(Integer::parseInt).toArray();
          int expected = e.user().contains("+") ? ab[0] + ab[1] : Math.max(ab[0], ab[1]) - Math.min(ab[0], ab[1]);
          assertThat(e.expected()).isEqualTo(Integer.toString(expected));
          assertThat(e.answer()).endsWith("= " + expected + ".");
          assertThat(expected).isNotNegative();
        }
      }
    }
    assertThat(training).anyMatch(e -> e.user().startsWith(Corpus.FILM_PROMPT));
    assertThat(training).anyMatch(e -> e.user().equals("What does TTFT stand for?") && e.answer().equals("TTFT stands for time to first token."));
  }

  /** A question's operands as an unordered pair, "a,b" with a ≤ b. */
  private static String operands(String question) {
    Matcher m = Pattern.compile("What is (\\d+) [+-] (\\d+)\\?").matcher(question);
    assertThat(m.matches()).as(question).isTrue();
    int a = Integer.parseInt(m.group(1));
    int b = Integer.parseInt(m.group(2));
    return Math.min(a, b) + "," + Math.max(a, b);
  }

  private static JsonNode parse(String json) {
    try {
      return JSON.readTree(json);
    } catch (Exception e) {
      throw new AssertionError("not JSON: " + json, e);
    }
  }
}
