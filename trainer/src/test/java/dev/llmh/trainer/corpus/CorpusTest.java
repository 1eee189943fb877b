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
    Set<String> trainedSums = training.stream().filter(e -> e.task() == Task.ARITHMETIC).map(e -> operands(question(e)))
        .collect(Collectors.toSet());
    assertThat(trainedTitles).hasSizeGreaterThan(500).doesNotContainAnyElementsOf(corpus.titles().heldOut());
    assertThat(corpus.cities().training()).containsAll(trainedCities);
    assertThat(trainedCities).hasSizeGreaterThan(1500);
    assertThat(corpus.cities().heldOut()).hasSizeGreaterThanOrEqualTo(400).doesNotContainAnyElementsOf(trainedCities);
    Set<String> trainedQuestions = training.stream().map(CorpusTest::question).collect(Collectors.toSet());
    for (Task task : List.of(Task.FILM_JSON, Task.WEATHER_TOOL, Task.ARITHMETIC, Task.REASONING, Task.GRADING)) {
      for (Example held : corpus.heldOut(task, 200)) {
        assertThat(trainedQuestions).as(task + ": " + question(held)).doesNotContain(question(held));
        if (task == Task.ARITHMETIC) {
          assertThat(trainedSums).as(question(held)).doesNotContain(operands(question(held)));
        }
      }
    }
  }

  @Test
  void everyTaskIsTrainedAndItsAnswersAreWellFormed() {
    int round = Task.round(java.util.EnumSet.allOf(Task.class)).size();
    List<Example> training = Corpus.of(42).training(round * 300);
    Map<Task, Long> counts = new EnumMap<>(Task.class);
    training.forEach(e -> counts.merge(e.task(), 1L, Long::sum));
    assertThat(counts).containsOnlyKeys(Task.values()).allSatisfy((task, n) -> assertThat(n).isEqualTo(300L * task.share()));
    assertThat(counts.get(Task.ARITHMETIC)).isGreaterThan(counts.get(Task.SHORT_ANSWER));
    for (Example e : training) {
      switch (e.task()) {
        case FILM_JSON -> {
          JsonNode film = parse(e.answer());
          assertThat(question(e)).contains(film.path("title").asText());
          Matcher year = SENTENCE_YEAR.matcher(question(e));
          assertThat(year.find()).as(question(e)).isTrue();
          assertThat(film.path("year").asInt()).isEqualTo(Integer.parseInt(year.group(1)));
          assertThat(film.size()).isEqualTo(2);
        }
        case WEATHER_TOOL -> {
          assertThat(e.tools()).containsExactly(Corpus.WEATHER_TOOL);
          assertThat(e.answer()).startsWith("<tool_call>\n").endsWith("\n</tool_call>");
          JsonNode call = parse(e.answer().substring(12, e.answer().length() - 13));
          assertThat(call.path("name").asText()).isEqualTo("get_weather");
          assertThat(call.path("arguments").path("city").asText()).isEqualTo(e.expected()).isIn(List.of(question(e).split("[ ?]")));
        }
        case SHORT_ANSWER -> assertThat(e.answer()).endsWith(e.expected() + ".");
        case REASONING -> assertReasoned(e);
        case GRADING -> assertGraded(e);
        case ARITHMETIC -> {
          int[] ab = Arrays.stream(operands(question(e)).split(",")).mapToInt(Integer::parseInt).toArray();
          int expected = question(e).contains("+") ? ab[0] + ab[1] : Math.max(ab[0], ab[1]) - Math.min(ab[0], ab[1]);
          assertThat(e.expected()).isEqualTo(Integer.toString(expected));
          assertThat(e.answer()).endsWith("= " + expected + ".");
          assertThat(expected).isNotNegative();
        }
      }
    }
    assertThat(training).anyMatch(e -> question(e).startsWith(Corpus.FILM_PROMPT));
    assertThat(training).anyMatch(e -> question(e).equals("What does TTFT stand for?") && e.answer().equals("TTFT stands for time to first token."));
  }

  /** The working adds up, and the answer after it is the sum the question asks for. */
  private static void assertReasoned(Example e) {
    Matcher m = Pattern.compile("Think (?:it through|step by step): what is ([\\d +]+)\\?").matcher(question(e));
    assertThat(m.matches()).as(question(e)).isTrue();
    int sum = Arrays.stream(m.group(1).split(" \\+ ")).mapToInt(Integer::parseInt).sum();
    assertThat(e.expected()).isEqualTo(Integer.toString(sum));
    assertThat(e.answer()).startsWith(Reasoning.OPEN).contains(Reasoning.CLOSE + m.group(1) + " = " + sum + ".")
        .endsWith(" = " + sum + ".");
    String thinking = e.answer().substring(Reasoning.OPEN.length(), e.answer().indexOf(Reasoning.CLOSE));
    for (String line : thinking.strip().split("\n")) {
      Matcher step = Pattern.compile("(?:units: |tens: )?(\\d+) \\+ (\\d+)(?: \\+ (1))? = (\\d+)").matcher(line);
      assertThat(step.matches()).as(line).isTrue();
      int total = Integer.parseInt(step.group(1)) + Integer.parseInt(step.group(2)) + (step.group(3) == null ? 0 : 1);
      assertThat(Integer.parseInt(step.group(4))).as(line).isEqualTo(total);
    }
  }

  /** The score is the rubric's for the answer graded, in the judge's reply format. */
  private static void assertGraded(Example e) {
    assertThat(e.system()).isEqualTo(Grading.SYSTEM);
    Matcher m = Pattern.compile("(?s)Question:\n(.*)\n\n(Answer [A-E]):\n(.*)\n\nScore \\2\\.").matcher(question(e));
    assertThat(m.matches()).as(question(e)).isTrue();
    JsonNode reply = parse(e.answer());
    assertThat(reply.path("score").asText()).isEqualTo(e.expected());
    assertThat(reply.path("rationale").asText()).isNotBlank();
    String right = Grading.json(title(m.group(1)), year(m.group(1)));
    String graded = m.group(3);
    int score = graded.equals(right) ? 5 : !graded.startsWith("{") ? 1
        : parse(graded).path("title").asText().equals(title(m.group(1))) ? 3 : 2;
    assertThat(reply.path("score").asInt()).as(question(e)).isEqualTo(score);
  }

  /** The trained titles, longest first, built once: a corpus takes a while. */
  private static List<String> titles;

  private static String title(String filmQuestion) {
    if (titles == null) {
      titles = Corpus.of(42).titles().training().stream().sorted(java.util.Comparator.comparingInt(String::length).reversed()).toList();
    }
    return titles.stream().filter(filmQuestion::contains).findFirst().orElseThrow();
  }

  private static int year(String filmQuestion) {
    Matcher year = SENTENCE_YEAR.matcher(filmQuestion);
    assertThat(year.find()).isTrue();
    return Integer.parseInt(year.group(1));
  }

  @Test
  void aShareOfQuestionsCarryLlmhsMarkerBeforeOrAfterAndNoJudgesPrompt() {
    List<Example> training = Corpus.of(42).training(5200);
    long before = training.stream().filter(e -> e.user().matches("(?s)\\[[0-9a-f]{8}-\\d+\\] .*")).count();
    long after = training.stream().filter(e -> e.user().matches("(?s).* \\[[0-9a-f]{8}-\\d+\\]")).count();
    long judged = training.stream().filter(e -> e.task() == Task.GRADING).count();
    double marked = training.size() - judged;
    assertThat(before / marked).isBetween(0.36, 0.44);
    assertThat(after / marked).isBetween(0.17, 0.23);
    assertThat(training).filteredOn(e -> e.task() == Task.GRADING).allMatch(e -> question(e).equals(e.user()));
  }

  /** The question without LLMH's marker. */
  private static String question(Example e) {
    return e.user().replaceFirst("^\\[[0-9a-f]{8}-\\d+\\] ", "").replaceFirst(" \\[[0-9a-f]{8}-\\d+\\]$", "");
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
