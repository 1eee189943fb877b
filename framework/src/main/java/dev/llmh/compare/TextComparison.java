package dev.llmh.compare;

import dev.llmh.constraint.Stat;
import dev.llmh.stats.MetricSample;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Compares a candidate's next-token distributions with a reference's over a calibration text, as
 * {@code llama-perplexity --kl-divergence} does over a text file: every token of the text after the
 * first of its paragraph, both models conditioned on the same text before it. Each paragraph is one
 * {@code echo} request to each model ({@link LogprobsClient#echo}), so a paragraph must fit the
 * context; both must split it into the same tokens (a quantisation of one model does), or the
 * positions cannot be paired and nothing is measured. The figures are those of {@link Comparison},
 * except that a position's top-1 agreement compares the two models' most likely tokens and the
 * perplexities are of the text's own tokens; the mean divergence gets a 95% interval by resampling
 * whole paragraphs, as the positions within one depend on each other.
 */
final class TextComparison {
  /** Each side of the two-sided 95% interval. */
  private static final double ALPHA_PER_SIDE = 0.025;

  private TextComparison() {}

  /**
   * The paragraphs of the calibration text {@code path} on the test classpath: the text between blank
   * lines, each stripped of the line breaks around it.
   *
   * @throws IllegalArgumentException naming the file when it is missing, unreadable or empty
   */
  static List<String> paragraphs(ClassLoader loader, String path) {
    String text;
    try (InputStream in = loader.getResourceAsStream(path)) {
      if (in == null) {
        throw new IllegalArgumentException("@Compare(text = \"" + path + "\"): no such file on the test classpath; put it"
            + " under src/test/resources/" + path);
      }
      text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalArgumentException("@Compare(text = \"" + path + "\") cannot be read: " + e, e);
    }
    List<String> paragraphs = Arrays.stream(text.split("\\r?\\n[ \\t]*\\r?\\n")).map(p -> p.replaceAll("^[\\r\\n]+|[\\r\\n]+$", ""))
        .filter(p -> !p.isBlank()).toList();
    if (paragraphs.isEmpty()) {
      throw new IllegalArgumentException("@Compare(text = \"" + path + "\") is empty: write the calibration text there");
    }
    return paragraphs;
  }

  /**
   * The reference's echoes of calibration texts, kept for the run: the cases compared with one
   * reference over one text (each quantisation against F16) ask the reference once.
   */
  static final class References {
    private final Map<List<Object>, List<List<LogprobsClient.Echoed>>> known = new ConcurrentHashMap<>();

    List<List<LogprobsClient.Echoed>> of(LogprobsClient reference, String model, String path, List<String> paragraphs, int topK)
        throws LogprobsClient.NoLogprobs, InterruptedException {
      List<Object> key = Arrays.asList(reference.baseUrl(), model, path, topK);
      List<List<LogprobsClient.Echoed>> echoes = known.get(key);
      if (echoes == null) {
        echoes = echoes(reference, model, path, paragraphs, topK);
        known.put(key, echoes);
      }
      return echoes;
    }
  }

  private static List<List<LogprobsClient.Echoed>> echoes(LogprobsClient client, String model, String path, List<String> paragraphs,
      int topK) throws LogprobsClient.NoLogprobs, InterruptedException {
    List<List<LogprobsClient.Echoed>> echoes = new ArrayList<>();
    for (int p = 0; p < paragraphs.size(); p++) {
      try {
        echoes.add(client.echo(model, paragraphs.get(p), topK));
      } catch (LogprobsClient.NoLogprobs e) {
        throw new LogprobsClient.NoLogprobs("paragraph " + (p + 1) + " of " + path + ": " + e.getMessage());
      }
    }
    return echoes;
  }

  static CompareFigures run(String path, List<String> paragraphs, String candidateEndpoint, String candidateModel,
      String referenceEndpoint, String referenceModel, int topK, Duration timeout, References references) throws InterruptedException {
    LogprobsClient reference = new LogprobsClient(referenceEndpoint, timeout);
    List<List<LogprobsClient.Echoed>> expectedAll;
    List<List<LogprobsClient.Echoed>> actualAll;
    try {
      expectedAll = references.of(reference, referenceModel, path, paragraphs, topK);
      actualAll = echoes(new LogprobsClient(candidateEndpoint, timeout), candidateModel, path, paragraphs, topK);
    } catch (LogprobsClient.NoLogprobs e) {
      return CompareFigures.notMeasured(referenceModel, reference.baseUrl(), topK, e.getMessage());
    }
    List<double[]> klByParagraph = new ArrayList<>();
    List<Double> candidateLogprobs = new ArrayList<>();
    List<Double> referenceLogprobs = new ArrayList<>();
    int agree = 0;
    for (int p = 0; p < paragraphs.size(); p++) {
      String where = "paragraph " + (p + 1) + " of " + path;
      List<LogprobsClient.Echoed> expected = expectedAll.get(p);
      List<LogprobsClient.Echoed> actual = actualAll.get(p);
      if (!expected.stream().map(LogprobsClient.Echoed::token).toList().equals(actual.stream().map(LogprobsClient.Echoed::token).toList())) {
        return CompareFigures.notMeasured(referenceModel, reference.baseUrl(), topK, "the two models split " + where
            + " into different tokens (" + expected.size() + " and " + actual.size() + " positions): they cannot be paired");
      }
      double[] kl = new double[expected.size()];
      for (int i = 0; i < kl.length; i++) {
        TokenLogprobs r = expected.get(i).distribution();
        KlDivergence.Position position = KlDivergence.at(new TokenLogprobs(r.mostLikely(), r.top()), actual.get(i).distribution());
        kl[i] = position.kl();
        agree += position.top1() ? 1 : 0;
        candidateLogprobs.add(actual.get(i).logprob());
        referenceLogprobs.add(expected.get(i).logprob());
      }
      klByParagraph.add(kl);
    }
    double[] kl = klByParagraph.stream().flatMapToDouble(Arrays::stream).toArray();
    CompareFigures.Calibration calibration = new CompareFigures.Calibration(path, paragraphs.size(),
        MetricSample.pooled(klByParagraph).interval(Stat.MEAN, ALPHA_PER_SIDE));
    return new CompareFigures(new CompareFigures.Against(referenceModel, reference.baseUrl(), topK), kl, 100.0 * agree / kl.length,
        KlDivergence.perplexity(unboxed(candidateLogprobs)), KlDivergence.perplexity(unboxed(referenceLogprobs)), 0, null,
        calibration, null);
  }

  private static double[] unboxed(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).toArray();
  }
}
