package dev.llmh.trainer;

import ai.djl.ndarray.NDManager;
import dev.llmh.embedded.model.ModelFiles;
import dev.llmh.embedded.model.TensorType;
import dev.llmh.embedded.model.Vocabulary;
import dev.llmh.trainer.corpus.Corpus;
import dev.llmh.trainer.corpus.Example;
import dev.llmh.trainer.corpus.Task;
import dev.llmh.trainer.eval.HeldOut;
import dev.llmh.trainer.export.GgufExport;
import dev.llmh.trainer.model.Llama;
import dev.llmh.trainer.model.ModelShape;
import dev.llmh.trainer.text.ChatTokens;
import dev.llmh.trainer.text.Words;
import dev.llmh.trainer.train.Batches;
import dev.llmh.trainer.train.Training;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Trains one of the project's models, writes it as GGUF in F16, Q8_0 and Q4_0, and reports how
 * each answers held-out examples: {@code java -cp <trainer classpath> dev.llmh.trainer.Train
 * size=small|large [seed=42] [steps=1500] [examples=40000] [batch=16] [threads=2] [evaluate=50]
 * [out=trainer/models]}. The same seed trains the same weights on an idle machine (TrainingTest; not
 * under load: docs/guide/trained-models.md).
 */
public final class Train {
  private Train() {}

  public static void main(String[] args) {
    int status = 1;
    try {
      run(args);
      status = 0;
    } catch (IOException | RuntimeException e) {
      e.printStackTrace();
    } finally {
      System.exit(status); // llama.cpp's native thread outlives its model and would keep the JVM alive
    }
  }

  private static void run(String[] args) throws IOException {
    Options o = Options.parse(args);
    System.setProperty("ai.djl.pytorch.num_threads", Integer.toString(o.threads()));
    long started = System.nanoTime();
    Map<TensorType, Path> files = train(o, List.of(TensorType.F16, TensorType.Q8_0, TensorType.Q4_0), p -> {
      if (p.step() % 50 == 0 || p.step() == o.steps() - 1) {
        System.out.printf(Locale.ROOT, "step %d loss %.4f, %.0f tokens/s, %d steps skipped%n", p.step(), p.loss(),
            p.tokensPerSecond(), p.skipped());
      }
    });
    StringBuilder report = new StringBuilder(String.format(Locale.ROOT, "%s trained in %.1f min by: %s%n",
        o.shape().name(), (System.nanoTime() - started) / 6e10, String.join(" ", args)));
    for (Path file : files.values()) {
      report.append(String.format(Locale.ROOT, "%s (%,d bytes) sha256 %s%n", file.getFileName(), Files.size(file),
          ModelFiles.sha256(file)));
      for (Map.Entry<Task, HeldOut.Score> s : HeldOut.score(file, Corpus.of(o.seed()), o.tasks(), o.evaluate()).entrySet()) {
        report.append(String.format(Locale.ROOT, "  %-12s %3d/%d held-out answers exactly right (%.0f%%)%s%n", s.getKey(),
            s.getValue().passed(), s.getValue().total(), s.getValue().rate(),
            s.getValue().firstWrong() == null ? "" : "; e.g. " + s.getValue().firstWrong().replace("\n", "\\n")));
      }
    }
    System.out.print(report);
    Files.writeString(o.out().resolve(o.shape().name() + ".txt"), report);
  }

  /**
   * Trains a model as {@code o} says and writes it in each of {@code types} to {@code
   * <out>/<name>-<type>.gguf}, each quantised from the trained weights: the corpus of {@code
   * o.seed()}, a vocabulary of its words, weights drawn from the same seed.
   */
  public static Map<TensorType, Path> train(Options o, List<TensorType> types,
      java.util.function.Consumer<Training.Progress> progress)
      throws IOException {
    System.setProperty("ai.djl.offline", "true"); // the native library is in the classpath's jar
    System.setProperty("ai.djl.pytorch.num_interop_threads", "1");
    Path out = Files.createDirectories(o.out());
    Corpus corpus = Corpus.of(o.seed());
    List<Example> examples = corpus.training(o.examples(), o.tasks());
    Vocabulary vocab = Vocabulary.build(o.shape().vocabularyTarget(), Words.of(corpus, examples));
    try (NDManager manager = NDManager.newBaseManager()) {
      Llama model = Llama.initial(o.shape(), vocab.size(), o.seed(), manager);
      System.out.printf(Locale.ROOT, "%s: %,d parameters, vocabulary %d, %d examples%n", o.shape().name(),
          o.shape().parameters(vocab.size()), vocab.size(), examples.size());
      Training.run(model, batches(model, vocab, examples, o, out), o.plan(), manager, progress);
      Map<TensorType, Path> files = new java.util.LinkedHashMap<>();
      for (TensorType type : types) {
        Path file = out.resolve(o.shape().name() + "-" + type.name().toLowerCase(Locale.ROOT) + ".gguf");
        GgufExport.write(model, vocab, o.shape().spec(type, o.seed()), file);
        files.put(type, file);
      }
      return files;
    }
  }

  /** The examples tokenised by llama.cpp from the untrained model's file, which carries the vocabulary. */
  private static Batches batches(Llama model, Vocabulary vocab, List<Example> examples, Options o, Path out) throws IOException {
    Path vocabularyFile = out.resolve(o.shape().name() + "-untrained.gguf");
    GgufExport.write(model, vocab, o.shape().spec(TensorType.F32, o.seed()), vocabularyFile);
    List<ChatTokens.Tokenised> tokenised = new ArrayList<>(examples.size());
    try (ChatTokens tokens = new ChatTokens(vocabularyFile, out.resolve("native"))) {
      examples.forEach(e -> tokenised.add(tokens.encode(e)));
    } finally {
      Files.deleteIfExists(vocabularyFile);
    }
    return new Batches(tokenised, o.shape().context(), o.batch());
  }

  /** The command's arguments, with their defaults. */
  public record Options(ModelShape shape, long seed, int steps, int examples, int batch, int threads, int evaluate, Path out,
      java.util.Set<Task> tasks) {
    static final List<String> KEYS =
        List.of("size", "seed", "steps", "examples", "batch", "threads", "evaluate", "out", "tasks");

    public static Options parse(String[] args) {
      Map<String, String> a = new java.util.HashMap<>();
      for (String arg : args) {
        String[] kv = arg.split("=", 2);
        if (kv.length != 2 || !KEYS.contains(kv[0])) {
          throw new IllegalArgumentException("arguments are key=value with a key of " + KEYS + ": " + arg);
        }
        a.put(kv[0], kv[1]);
      }
      ModelShape shape = switch (a.getOrDefault("size", "small")) {
        case "small" -> ModelShape.SMALL;
        case "large" -> ModelShape.LARGE;
        default -> throw new IllegalArgumentException("size is small or large: " + a.get("size"));
      };
      int steps = Integer.parseInt(a.getOrDefault("steps", "1500")); // the small size's 17.6 min on 2 cores
      return new Options(shape, Long.parseLong(a.getOrDefault("seed", "42")), steps,
          Integer.parseInt(a.getOrDefault("examples", "40000")), Integer.parseInt(a.getOrDefault("batch", "16")),
          Integer.parseInt(a.getOrDefault("threads", "2")), Integer.parseInt(a.getOrDefault("evaluate", "50")),
          Path.of(a.getOrDefault("out", "trainer/models")), tasks(a.get("tasks")));
    }

    /** {@code film_json,weather_tool} as tasks; every task when not given. */
    private static java.util.Set<Task> tasks(String names) {
      java.util.Set<Task> tasks = java.util.EnumSet.noneOf(Task.class);
      if (names == null) {
        return java.util.EnumSet.allOf(Task.class);
      }
      for (String name : names.split(",")) {
        try {
          tasks.add(Task.valueOf(name.strip().toUpperCase(Locale.ROOT)));
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException("tasks are of " + java.util.Arrays.toString(Task.values()) + ": " + name, e);
        }
      }
      return tasks;
    }

    /** The same options for another shape: a test's tiny one. */
    public Options withShape(ModelShape other) {
      return new Options(other, seed, steps, examples, batch, threads, evaluate, out, tasks);
    }

    Training.Plan plan() {
      return new Training.Plan(steps, 1e-3f, Math.min(100, steps / 10), 0.05f);
    }
  }
}
