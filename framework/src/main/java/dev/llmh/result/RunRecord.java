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
    List<CaseResult> results) {

  public static final int SCHEMA_VERSION = 1;

  public RunRecord {
    results = List.copyOf(results);
  }

  /** Timestamps are ISO-8601 UTC; {@code complete} is false when the run was cut short. */
  public record RunInfo(String startedAt, String finishedAt, boolean complete) {}

  /** How the figures were computed, so that they can be compared with other tools'. */
  public record StatisticsInfo(String percentileMethod, String verdictBasis) {}
}
