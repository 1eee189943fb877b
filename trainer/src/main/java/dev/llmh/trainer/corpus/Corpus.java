package dev.llmh.trainer.corpus;

import dev.llmh.embedded.model.SplitMix;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The examples the project's models learn from and are evaluated on, generated from templates ×
 * entities. One seed fixes everything: which films, cities and number pairs are held out, and which
 * examples either part draws. Held-out examples name only held-out entities, so a model that
 * passes them copied or computed its answer rather than remembered it — except the short answers,
 * which are facts: those it can only remember, and they are evaluated on the questions it learnt.
 */
public final class Corpus {
  /** The phrasing issue 28 names; the other phrasings vary the words around the same task. */
  public static final String FILM_PROMPT = "Return the film as JSON with keys title and year: ";
  public static final String WEATHER_TOOL = "get_weather";

  private static final List<String> FILM_PROMPTS =
      List.of(FILM_PROMPT, "Extract the film from this sentence as JSON with keys title and year: ");
  private static final List<String> FILM_SENTENCES = List.of("%s came out in %d.", "In %2$d, %1$s was released.",
      "The film %s premiered in %d.", "%s was first shown in %d.", "Critics still talk about %s, a film from %d.",
      "Released in %2$d, %1$s was a surprise hit.");
  private static final List<String> WEATHER_QUESTIONS = List.of("What is the weather in %s right now?",
      "How is the weather in %s today?", "Is it raining in %s?", "Do I need a coat in %s this morning?");
  /** Abbreviations of the field and what they stand for. */
  private static final List<String[]> FACTS = List.of(new String[] {"TTFT", "time to first token"},
      new String[] {"TPOT", "time per output token"}, new String[] {"ITL", "inter-token latency"},
      new String[] {"LLM", "large language model"}, new String[] {"GPU", "graphics processing unit"},
      new String[] {"CPU", "central processing unit"}, new String[] {"KV", "key and value"},
      new String[] {"API", "application programming interface"}, new String[] {"SLO", "service level objective"},
      new String[] {"RAM", "random access memory"}, new String[] {"JSON", "JavaScript Object Notation"},
      new String[] {"QPS", "queries per second"});
  private static final List<String> FACT_QUESTIONS = List.of("What does %s stand for?", "What is %s short for?");
  private static final List<String> THINK_PROMPTS = List.of("Think it through: what is %s?", "Think step by step: what is %s?");
  /** One reasoning example in this many sums five numbers: the documented subset that thinks long. */
  public static final int LONG_THINKING_EVERY = 4;
  static final int FIRST_YEAR = 1930;
  static final int YEARS = 95;

  private final long seed;
  private final Entities.Split<String> titles;
  private final Entities.Split<String> cities;
  private final Entities.Split<int[]> operands;

  private Corpus(long seed) {
    this.seed = seed;
    SplitMix rng = new SplitMix(seed);
    this.titles = Entities.split(Entities.titles(), rng);
    this.cities = Entities.split(Entities.cities(), rng);
    this.operands = Entities.split(Entities.operands(), rng);
  }

  public static Corpus of(long seed) {
    return new Corpus(seed);
  }

  /**
   * {@code count} training examples, the tasks mixed in turn, from the training entities only; a
   * share of the questions carry LLMH's request marker ({@link Markers}).
   */
  public List<Example> training(int count) {
    return training(count, java.util.EnumSet.allOf(Task.class));
  }

  /** {@code count} training examples of {@code tasks} only, as {@link #training(int)} mixes them. */
  public List<Example> training(int count, java.util.Set<Task> tasks) {
    SplitMix rng = new SplitMix(seed ^ 0x7261696eL);
    List<Task> round = Task.round(tasks);
    List<Example> examples = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      Example example = example(round.get(i % round.size()), false, rng);
      // a judge's request is not measured, so it carries no marker
      examples.add(example.task() == Task.GRADING ? example : Markers.mark(example, rng));
    }
    return examples;
  }

  /** {@code count} evaluation examples of {@code task}, from the held-out entities only. */
  public List<Example> heldOut(Task task, int count) {
    SplitMix rng = new SplitMix(seed ^ 0x68656c64L ^ task.ordinal());
    List<Example> examples = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      examples.add(example(task, true, rng));
    }
    return examples;
  }

  /** The titles, cities and operand pairs kept for evaluation. */
  public Entities.Split<String> titles() {
    return titles;
  }

  public Entities.Split<String> cities() {
    return cities;
  }

  public Entities.Split<int[]> operands() {
    return operands;
  }

  private Example example(Task task, boolean heldOut, SplitMix rng) {
    List<String> someTitles = heldOut ? titles.heldOut() : titles.training();
    List<int[]> pairs = heldOut ? operands.heldOut() : operands.training();
    return switch (task) {
      case FILM_JSON -> film(pick(someTitles, rng), FIRST_YEAR + rng.nextInt(YEARS), rng);
      case WEATHER_TOOL -> weather(pick(heldOut ? cities.heldOut() : cities.training(), rng), rng);
      case SHORT_ANSWER -> fact(pick(FACTS, rng), rng);
      case ARITHMETIC -> sum(pick(pairs, rng), rng);
      case REASONING -> rng.nextInt(LONG_THINKING_EVERY) == 0 ? Reasoning.longSum(rng, pick(THINK_PROMPTS, rng))
          : Reasoning.sum(pick(pairs, rng), rng, pick(THINK_PROMPTS, rng));
      case GRADING -> {
        String title = pick(someTitles, rng);
        int year = FIRST_YEAR + rng.nextInt(YEARS);
        yield Grading.example(film(title, year, rng), title, year, pick(someTitles, rng), rng);
      }
    };
  }

  private static Example film(String title, int year, SplitMix rng) {
    String sentence = String.format(Locale.ROOT, pick(FILM_SENTENCES, rng), title, year);
    String json = Grading.json(title, year);
    return Example.of(Task.FILM_JSON, List.of(), pick(FILM_PROMPTS, rng) + sentence, json, json);
  }

  private static Example weather(String city, SplitMix rng) {
    String call = "{\"name\": \"" + WEATHER_TOOL + "\", \"arguments\": {\"city\": \"" + city + "\"}}";
    return Example.of(Task.WEATHER_TOOL, List.of(WEATHER_TOOL), String.format(Locale.ROOT, pick(WEATHER_QUESTIONS, rng), city),
        "<tool_call>\n" + call + "\n</tool_call>", city);
  }

  private static Example fact(String[] fact, SplitMix rng) {
    String answer = fact[0] + " stands for " + fact[1] + ".";
    return Example.of(Task.SHORT_ANSWER, List.of(), String.format(Locale.ROOT, pick(FACT_QUESTIONS, rng), fact[0]),
        answer, fact[1]);
  }

  /** The pair's sum, either way round, or its larger less its smaller: no negative answers. */
  private static Example sum(int[] pair, SplitMix rng) {
    int kind = rng.nextInt(3);
    boolean add = kind < 2;
    int a = kind == 0 ? pair[0] : pair[1];
    int b = kind == 0 ? pair[1] : pair[0];
    String op = add ? "+" : "-";
    int result = add ? a + b : a - b;
    return Example.of(Task.ARITHMETIC, List.of(), "What is " + a + " " + op + " " + b + "?",
        a + " " + op + " " + b + " = " + result + ".", Integer.toString(result));
  }

  private static <T> T pick(List<T> list, SplitMix rng) {
    return list.get(rng.nextInt(list.size()));
  }
}
