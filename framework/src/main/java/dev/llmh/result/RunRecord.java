package dev.llmh.result;

import java.util.List;
import java.util.Map;

/**
 * The record of one run, written as {@code target/llmh/latest.json} and a dated copy. Field names
 * are part of the format; {@link #SCHEMA_VERSION} changes when a name or meaning does.
 */
public record RunRecord(
    int schemaVersion,
    RunInfo run,
    Map<String, Object> environment,
    StatisticsInfo statistics,
    List<CaseResult> results,
    List<FitRecord> fits,
    List<SaturationRecord> saturation) {

  public static final int SCHEMA_VERSION = 1;

  /**
   * @param environment what ran the harness: JVM, OS, processors, heap, and {@code gpus}, this
   *     machine's GPUs from one {@code nvidia-smi} call, each {@code {index, name, memory_total_bytes,
   *     driver_version}}; when nvidia-smi is missing or fails, {@code gpus} is empty and
   *     {@code gpusNotMeasured} says why (an empty list without it means nvidia-smi listed no GPU); the
   *     client machine's CPU, cores, memory and load averages, and {@code servers}, what each endpoint said
   *     about itself, with {@code notMeasured} reasons ({@link dev.llmh.environment.RunEnvironment})
   * @param fits lines fitted across cases: TTFT against prompt tokens for each scenario with three or
   *     more {@code @SyntheticPrompt} lengths, per concurrency and model; empty when there is none
   * @param saturation one record per {@code @SaturationSearch} (per prompt and other parameters): its
   *     steps, knee and why it stopped; empty when there is none
   */
  public RunRecord {
    results = List.copyOf(results);
    fits = fits == null ? List.of() : List.copyOf(fits);
    saturation = saturation == null ? List.of() : List.copyOf(saturation);
  }

  /** A record to fill in: the engine writes the core, the run's features their parts (fits, saturation). */
  public static Builder builder() {
    return new Builder();
  }

  /** Builds a {@link RunRecord}; what is not set is empty. */
  public static final class Builder {
    private RunInfo run;
    private Map<String, Object> environment;
    private StatisticsInfo statistics;
    private List<CaseResult> results = List.of();
    private List<FitRecord> fits = List.of();
    private List<SaturationRecord> saturation = List.of();

    private Builder() {}

    public Builder run(RunInfo v) { run = v; return this; }
    public Builder environment(Map<String, Object> v) { environment = v; return this; }
    public Builder statistics(StatisticsInfo v) { statistics = v; return this; }
    public Builder results(List<CaseResult> v) { results = v; return this; }
    public Builder fits(List<FitRecord> v) { fits = v; return this; }
    public Builder saturation(List<SaturationRecord> v) { saturation = v; return this; }

    public RunRecord build() {
      return new RunRecord(SCHEMA_VERSION, run, environment, statistics, results, fits, saturation);
    }
  }

  /** Timestamps are ISO-8601 UTC; {@code complete} is false when the run was cut short. */
  public record RunInfo(String startedAt, String finishedAt, boolean complete) {}

  /** How the figures were computed, so that they can be compared with other tools'. */
  public record StatisticsInfo(String percentileMethod, String verdictBasis) {}
}
