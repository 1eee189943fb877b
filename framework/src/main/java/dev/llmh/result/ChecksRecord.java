package dev.llmh.result;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;

/**
 * What the case's checks made of its measured answers. The interval is two-sided at the run's
 * confidence, Clopper–Pearson (an exact binomial interval), as for {@code slo_attainment}.
 *
 * @param names the checks run on every answer, in declaration order
 * @param counted the measured requests; a failed one counts, as not passed
 * @param passed the requests whose answer passed every check
 * @param failed for each check, the answers it failed
 * @param successRate passed ÷ counted, in %; null when not measured
 * @param notMeasured why {@code success_rate} has no value, else null
 */
public record ChecksRecord(
    List<String> names,
    Integer counted,
    Integer passed,
    Map<String, Integer> failed,
    @JsonProperty("success_rate") Double successRate,
    @JsonProperty("success_rate_ci") List<Double> successRateCi,
    @JsonProperty("not_measured") String notMeasured) {}
