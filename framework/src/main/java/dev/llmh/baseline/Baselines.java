package dev.llmh.baseline;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmh.config.ConfigException;
import dev.llmh.config.ConfigKey;
import dev.llmh.config.Defaults;
import dev.llmh.constraint.ConstraintExpression;
import dev.llmh.constraint.Metric;
import dev.llmh.measure.RequestMetrics;
import dev.llmh.plan.FilePrompts;
import dev.llmh.result.BaselineRecord;
import dev.llmh.result.BaselineRecord.MetricComparison;
import dev.llmh.result.CaseResult;
import dev.llmh.result.ResultsFiles;
import dev.llmh.result.SampleRecord;
import dev.llmh.verdict.ConstraintResult;
import dev.llmh.verdict.Verdict;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The run's baselines: the stored one each case is compared with ({@code llmh.baseline}), and the
 * one this run leaves ({@code llmh.saveBaseline}). Both are optional; {@link #NONE} has neither.
 */
public final class Baselines {
  public static final Baselines NONE = new Baselines(null, null, null, Defaults.NOISE_BAND_PERCENT, Map.of());

  /** The metrics compared, by results key: those whose declaration says so. */
  static final List<String> METRICS =
      java.util.Arrays.stream(Metric.values()).filter(Metric::comparedWithBaseline).map(Metric::jsonName).toList();

  private final Path baselinePath;
  private final BaselineFile baseline;
  private final Path savePath;
  private final double noiseBandPercent;
  private final Map<String, Object> environment;
  private final List<BaselineFile.Case> collected = new ArrayList<>();

  private Baselines(
      Path baselinePath, BaselineFile baseline, Path savePath, double noiseBandPercent, Map<String, Object> environment) {
    this.baselinePath = baselinePath;
    this.baseline = baseline;
    this.savePath = savePath;
    this.noiseBandPercent = noiseBandPercent;
    this.environment = environment;
  }

  /**
   * Reads the keys (property over environment variable) and loads the baseline file, so that a
   * missing or unreadable baseline stops the run before its first request.
   *
   * @param environment this run's environment block, compared with the baseline's
   */
  public static Baselines read(
      Function<String, Optional<String>> properties, Map<String, String> env, Map<String, Object> environment) {
    Function<ConfigKey, Optional<String>> lookup =
        key -> properties.apply(key.key()).or(() -> Optional.ofNullable(env.get(key.envName())))
            .map(String::strip).filter(v -> !v.isEmpty());
    double band = lookup.apply(ConfigKey.NOISE_BAND).map(Baselines::percent).orElse(Defaults.NOISE_BAND_PERCENT);
    Path save = lookup.apply(ConfigKey.SAVE_BASELINE).map(Path::of).orElse(null);
    Optional<Path> path = lookup.apply(ConfigKey.BASELINE).map(Path::of);
    if (path.isEmpty()) {
      return new Baselines(null, null, save, band, environment);
    }
    return new Baselines(path.get(), load(path.get()), save, band, environment);
  }

  static BaselineFile load(Path path) {
    String key = ConfigKey.BASELINE.key() + " (" + ConfigKey.BASELINE.envName() + ")";
    if (!Files.isRegularFile(path)) {
      throw new ConfigException(key + " = '" + path + "': no such file; write one with -D"
          + ConfigKey.SAVE_BASELINE.key() + "=" + path);
    }
    BaselineFile file;
    try {
      file = ResultsFiles.mapper().readValue(path.toFile(), BaselineFile.class);
    } catch (IOException e) {
      throw new ConfigException(key + " = '" + path + "' cannot be read as a baseline: " + e.getMessage());
    }
    if (!BaselineFile.FORMAT.equals(file.format()) || file.cases() == null) {
      throw new ConfigException(key + " = '" + path + "' is not an LLMH baseline (format '" + file.format()
          + "', expected '" + BaselineFile.FORMAT + "'); write one with -D" + ConfigKey.SAVE_BASELINE.key());
    }
    return file;
  }

  private static double percent(String value) {
    String key = ConfigKey.NOISE_BAND.key() + " (" + ConfigKey.NOISE_BAND.envName() + ")";
    try {
      double parsed = Double.parseDouble(value.endsWith("%") ? value.substring(0, value.length() - 1).strip() : value);
      if (parsed >= 0 && Double.isFinite(parsed)) {
        return parsed;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new ConfigException(key + " = '" + value + "' is not a percentage; write e.g. 5%");
  }

  public boolean comparing() {
    return baseline != null;
  }

  /** SHA-256 of the prompt text, hex; null when there is no text. */
  public static String promptHash(String prompt) {
    if (prompt == null) {
      return null;
    }
    return FilePrompts.sha256(prompt.getBytes(StandardCharsets.UTF_8));
  }

  /** The comparison of one case: its results block, warnings, and the regression constraints' verdicts. */
  public record Comparison(BaselineRecord record, List<String> warnings) {
    public ConstraintResult judge(ConstraintExpression constraint) {
      return RegressionJudge.judge(constraint, record);
    }
  }

  /**
   * Keeps a finished case's samples for the baseline this run saves: once per case, with its final
   * sample (an adaptive case is judged at several looks, and only the last one is the case).
   */
  public void keep(CaseKey key, List<SampleRecord> samples) {
    if (savePath != null) {
      synchronized (collected) {
        collected.add(new BaselineFile.Case(key, perRequest(samples)));
      }
    }
  }

  /** Compares a measured case with the same case in the baseline. */
  public Comparison compare(CaseKey key, List<SampleRecord> samples) {
    Map<String, double[]> values = perRequest(samples);
    if (baseline == null) {
      return new Comparison(null, List.of());
    }
    List<String> warnings = new ArrayList<>();
    String file = baselinePath.toString();
    Optional<BaselineFile.Case> match = baseline.cases().stream()
        .filter(c -> c.key() != null && Objects.equals(c.key().scenario(), key.scenario()) && Objects.equals(c.key().caseId(), key.caseId()))
        .findFirst();
    if (match.isEmpty()) {
      String reason = "case " + key.caseId() + " of " + key.scenario() + " is not in the baseline " + file;
      warnings.add("not compared with the baseline: " + reason);
      return new Comparison(new BaselineRecord(file, false, reason, noiseBandPercent, null), warnings);
    }
    List<String> differences = key.differencesFrom(match.get().key());
    if (!differences.isEmpty()) {
      String reason = "the baseline's case differs: " + String.join("; ", differences);
      warnings.add("not compared with the baseline " + file + ": " + reason);
      return new Comparison(new BaselineRecord(file, false, reason, noiseBandPercent, null), warnings);
    }
    List<String> environmentDifferences = environmentDifferences(baseline.environment(), environment);
    if (!environmentDifferences.isEmpty()) {
      warnings.add("the baseline " + file + " was recorded in another environment (" + String.join("; ", environmentDifferences)
          + "): a change may be the machine's, not the server's");
    }
    Map<String, double[]> stored = match.get().samples() == null ? Map.of() : match.get().samples();
    Map<String, MetricComparison> metrics = compareSamples(stored, values, noiseBandPercent);
    return new Comparison(new BaselineRecord(file, true, null, noiseBandPercent, metrics), warnings);
  }

  /**
   * Each compared metric of two runs of one case, per-request values before and now: Mann–Whitney and
   * the Hodges–Lehmann interval of the relative change; a regression needs p below {@link ShiftTest#ALPHA}
   * and the interval's lower end beyond {@code noiseBandPercent}. A metric either side lacks is left out.
   * The report's {@code compare} command judges two results files by this same rule.
   */
  public static Map<String, MetricComparison> compareSamples(
      Map<String, double[]> before, Map<String, double[]> now, double noiseBandPercent) {
    Map<String, MetricComparison> metrics = new LinkedHashMap<>();
    for (String metric : METRICS) {
      double[] a = before.getOrDefault(metric, new double[0]);
      double[] b = now.getOrDefault(metric, new double[0]);
      if (a.length == 0 || b.length == 0) {
        continue;
      }
      ShiftTest.Result r = ShiftTest.compare(a, b);
      boolean regression = r.pValue() < ShiftTest.ALPHA && r.bounded() && 100 * r.lower() > noiseBandPercent;
      metrics.put(metric, new MetricComparison(
          r.baselineN(), r.currentN(), finite(median(a)), finite(median(b)), finite(r.pValue()), r.ties(),
          finite(100 * r.change()), new Double[] {finite(100 * r.lower()), finite(100 * r.upper())}, regression));
    }
    return metrics;
  }

  /** Writes the saved baseline, if one was asked for; returns where. */
  public Optional<Path> save() throws IOException {
    if (savePath == null) {
      return Optional.empty();
    }
    List<BaselineFile.Case> cases;
    synchronized (collected) {
      cases = List.copyOf(collected);
    }
    BaselineFile file = new BaselineFile(BaselineFile.FORMAT, Instant.now().toString(), environment, cases);
    Path parent = savePath.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    ObjectMapper mapper = ResultsFiles.mapper();
    Files.write(savePath, mapper.writeValueAsBytes(file));
    return Optional.of(savePath);
  }

  /**
   * One value per succeeded request, model loads left out as in the statistics. ITL pools many gaps
   * per request, and gaps of one request are not independent: each request contributes its median gap.
   */
  public static Map<String, double[]> perRequest(List<SampleRecord> samples) {
    List<SampleRecord> usable = samples.stream()
        .filter(s -> s.error() == null && (s.flags() == null || !s.flags().contains(RequestMetrics.FLAG_MODEL_LOAD)))
        .toList();
    Map<String, double[]> values = new LinkedHashMap<>();
    values.put(CaseResult.TTFT,
        usable.stream().map(s -> s.times().ttftMs()).filter(Objects::nonNull).mapToDouble(Double::doubleValue).toArray());
    values.put(CaseResult.TPOT,
        usable.stream().map(s -> s.times().tpotMs()).filter(Objects::nonNull).mapToDouble(Double::doubleValue).toArray());
    values.put(CaseResult.E2E,
        usable.stream().map(s -> s.times().e2eMs()).filter(Objects::nonNull).mapToDouble(Double::doubleValue).toArray());
    values.put(CaseResult.ITL, usable.stream().map(SampleRecord::chunkMs).filter(c -> c != null && c.size() >= 2)
        .mapToDouble(c -> {
          double[] gaps = new double[c.size() - 1];
          for (int i = 1; i < c.size(); i++) {
            gaps[i - 1] = c.get(i) - c.get(i - 1);
          }
          return median(gaps);
        }).toArray());
    return values;
  }

  /** Every environment fact both record whose values differ, named by its path ({@link EnvironmentDifferences}). */
  public static List<String> environmentDifferences(Map<String, Object> before, Map<String, Object> now) {
    return EnvironmentDifferences.of(before, now);
  }

  static double median(double[] values) {
    if (values.length == 0) {
      return Double.NaN;
    }
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  static Double finite(double value) {
    return Double.isFinite(value) ? value : null;
  }

  /** The results key of a constraint's metric ({@code ttft} → {@code ttft_ms}). */
  static String metricKey(Metric metric) {
    return metric.jsonName();
  }
}
