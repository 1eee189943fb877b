package dev.llmh.engine.run;

import dev.llmh.feature.RanCase;
import dev.llmh.feature.RunFeature;
import dev.llmh.feature.RunServices;
import dev.llmh.plan.CasePlan;
import dev.llmh.result.CaseResult;
import dev.llmh.result.RunRecord;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * A run's run-level features, as registered ({@link RunFeature.Provider}), and the way a case passes
 * through them: in order, what one feature passes on (at once or on releasing it) going to the next,
 * what the last passes on going back to the engine to be reported.
 */
final class RunFeatures {
  /** None: before the run's features are opened. */
  static final RunFeatures NONE = new RunFeatures(List.of());

  private final List<RunFeature> features;

  RunFeatures(List<RunFeature> features) {
    this.features = List.copyOf(features);
  }

  static RunFeatures open(RunServices run) {
    List<RunFeature> features = new ArrayList<>();
    ServiceLoader.load(RunFeature.Provider.class, RunFeatures.class.getClassLoader())
        .forEach(provider -> features.add(provider.open(run)));
    return new RunFeatures(features);
  }

  void scenario(List<CasePlan> plans) {
    features.forEach(feature -> feature.scenario(plans));
  }

  /** The first feature's reason not to run the case, or empty to run it. */
  Optional<String> skip(CasePlan plan) {
    for (RunFeature feature : features) {
      Optional<String> reason = feature.skip(plan);
      if (reason.isPresent()) {
        return reason;
      }
    }
    return Optional.empty();
  }

  /** The cases to report now that {@code ran} ran: perhaps none, perhaps others that it released. */
  List<RanCase> ran(RanCase ran) {
    return passOn(0, List.of(ran));
  }

  /** The cases to report now that the case of {@code plan} will not reach {@link #ran}. */
  List<RanCase> gone(CasePlan plan) {
    List<RanCase> report = new ArrayList<>();
    for (int i = 0; i < features.size(); i++) {
      report.addAll(passOn(i + 1, features.get(i).gone(plan)));
    }
    return report;
  }

  /** Every case still held, to report before the scenario ends. */
  List<RanCase> scenarioEnded(boolean complete) {
    List<RanCase> report = new ArrayList<>();
    for (int i = 0; i < features.size(); i++) {
      report.addAll(passOn(i + 1, features.get(i).scenarioEnded(complete)));
    }
    return report;
  }

  void finish(Path directory, String runName) {
    features.forEach(feature -> feature.finish(directory, runName));
  }

  void record(List<CasePlan> plans, List<CaseResult> results, RunRecord.Builder record) {
    features.forEach(feature -> feature.record(plans, results, record));
  }

  /** {@code cases} through the features from the {@code from}th on. */
  private List<RanCase> passOn(int from, List<RanCase> cases) {
    List<RanCase> passing = cases;
    for (int i = from; i < features.size() && !passing.isEmpty(); i++) {
      List<RanCase> next = new ArrayList<>();
      for (RanCase ran : passing) {
        next.addAll(features.get(i).ran(ran));
      }
      passing = next;
    }
    return passing;
  }
}
