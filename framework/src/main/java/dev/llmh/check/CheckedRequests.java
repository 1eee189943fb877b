package dev.llmh.check;

import dev.llmh.measure.CheckOutcome;
import dev.llmh.measure.RequestSample;
import dev.llmh.stats.Proportion;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which measured requests' answers passed every check the scenario declares. Every measured request
 * counts, a failed one as not passed (its answer is not checked), and so does one that included a
 * model load: whether an answer is right does not depend on how long it took.
 *
 * @param names the checks declared, in order; empty when none is
 * @param passed requests whose answer passed every check
 * @param counted measured requests
 * @param failedBy for each check, the answers it failed (failed requests are not among them)
 * @param notMeasured why {@code success_rate} has no value (no check declared, nothing measured), else null
 */
public record CheckedRequests(List<String> names, int passed, int counted, Map<String, Integer> failedBy, String notMeasured) {

  public static final String NO_CHECK = "no check declared: nothing says what a right answer is"
      + " (@Check, @ExpectJson, @ExpectRegex)";
  public static final String NOTHING_MEASURED = "no measured request to check";

  public static final CheckedRequests NONE = new CheckedRequests(List.of(), 0, 0, Map.of(), NO_CHECK);

  public CheckedRequests {
    names = List.copyOf(names);
    failedBy = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(failedBy));
  }

  /** @param names the checks declared on the case, empty when none */
  public static CheckedRequests of(List<String> names, List<RequestSample> measured) {
    if (names.isEmpty()) {
      return NONE;
    }
    Map<String, Integer> failedBy = new LinkedHashMap<>();
    names.forEach(name -> failedBy.put(name, 0));
    int passed = 0;
    for (RequestSample sample : measured) {
      List<CheckOutcome> checks = sample.succeeded() ? sample.checks() : null;
      if (checks == null) {
        continue; // failed, or its checks never ran: not passed
      }
      checks.stream().filter(c -> !c.passed()).forEach(c -> failedBy.merge(c.name(), 1, Integer::sum));
      if (checks.size() == names.size() && checks.stream().allMatch(CheckOutcome::passed)) {
        passed++;
      }
    }
    return new CheckedRequests(names, passed, measured.size(), failedBy, measured.isEmpty() ? NOTHING_MEASURED : null);
  }

  public Proportion proportion() {
    return new Proportion(passed, counted);
  }

  /** % of the measured requests whose answer passed every check; null when not measured. */
  public Double successPercent() {
    return notMeasured != null ? null : 100.0 * passed / counted;
  }
}
