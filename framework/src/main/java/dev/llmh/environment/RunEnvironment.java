package dev.llmh.environment;

import dev.llmh.endpoint.EmbeddedModels;
import dev.llmh.endpoint.Endpoint;
import dev.llmh.endpoint.Endpoints;
import dev.llmh.plan.CasePlan;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The parts of a run's {@code environment} that belong to this run rather than to the machine: the
 * load average before the first case and after the last, and what each endpoint the run measured
 * said about itself ({@code servers}), asked after the last case so that no question is timed.
 */
public final class RunEnvironment {
  private static final String LOAD_BEFORE = "loadAverageBefore";
  private static final String LOAD_AFTER = "loadAverageAfter";
  private final List<Double> loadBefore;
  private volatile List<Map<String, Object>> servers;
  private volatile String failure;
  /** Endpoints the plans name that were never opened, so not asked: each a {@code notMeasured} reason. */
  private final List<String> unasked = new java.util.concurrent.CopyOnWriteArrayList<>();

  private RunEnvironment(List<Double> loadBefore) {
    this.loadBefore = loadBefore;
  }

  /** Notes the load average; call it before the first case. */
  public static RunEnvironment begin() {
    return new RunEnvironment(ClientMachine.loadAverage());
  }

  /**
   * Asks every endpoint (and protocol) that {@code plans} measured and {@code endpoints} opened what
   * it is, within {@link ServerProbe}'s budget. Never throws: a failure is a reason in the record.
   */
  public void describeServers(Endpoints endpoints, List<CasePlan> plans, String llmhVersion) {
    try {
      servers = describe(new ServerProbe(), endpoints, plans, llmhVersion);
    } catch (RuntimeException e) {
      failure = "servers: asking them about themselves failed: " + e;
    }
  }

  private List<Map<String, Object>> describe(
      ServerProbe probe, Endpoints endpoints, List<CasePlan> plans, String llmhVersion) {
    Map<Endpoint, List<String>> measured = new LinkedHashMap<>();
    for (CasePlan plan : plans) {
      if (plan.target().launch() != null) {
        unasked("servers: those LLMH started (@Server) are not asked at the run's end, having been stopped;"
            + " each case's server_process says what ran");
        continue;
      }
      Optional<Endpoint> endpoint = endpoints.opened(plan.target().endpoint(), plan.target().api());
      if (endpoint.isEmpty()) {
        unasked("servers: " + plan.target().endpoint() + " (" + plan.target().api().key() + ") not asked: it was never opened"
            + " (its cases did not run, or it could not be reached; their records say why)");
      }
      endpoint.ifPresent(e -> {
        List<String> models = measured.computeIfAbsent(e, k -> new ArrayList<>());
        String model = EmbeddedModels.asked(plan);
        if (!models.contains(model)) {
          models.add(model);
        }
      });
    }
    List<Map<String, Object>> described = new ArrayList<>();
    measured.forEach((endpoint, models) -> described.add(probe.describe(endpoint, models, llmhVersion)));
    return List.copyOf(described);
  }

  private void unasked(String reason) {
    if (!unasked.contains(reason)) {
      unasked.add(reason);
    }
  }

  /**
   * {@code machine} (the environment every run of this machine shares, which baselines compare) with
   * {@code loadAverageBefore}, {@code loadAverageAfter} (now), {@code servers}, and {@code notMeasured}
   * for what is missing of these.
   */
  /** The readings of one run, not facts of the machine: never compared between runs, nor a conflict when merged. */
  public static final java.util.Set<String> PER_RUN = java.util.Set.of(LOAD_BEFORE, LOAD_AFTER);

  public Map<String, Object> record(Map<String, Object> machine) {
    Map<String, Object> environment = new LinkedHashMap<>(machine);
    List<String> notMeasured = new ArrayList<>();
    if (machine.get("notMeasured") instanceof List<?> earlier) {
      earlier.forEach(item -> notMeasured.add(String.valueOf(item)));
    }
    List<Double> loadAfter = ClientMachine.loadAverage();
    putLoad(environment, notMeasured, LOAD_BEFORE, loadBefore);
    putLoad(environment, notMeasured, LOAD_AFTER, loadAfter);
    List<Map<String, Object>> asked = servers;
    environment.put("servers", asked == null ? List.of() : asked);
    if (asked == null) {
      notMeasured.add(failure != null ? failure : "servers: the run ended before the servers were asked about themselves");
    }
    notMeasured.addAll(unasked);
    environment.put("notMeasured", List.copyOf(notMeasured));
    return environment;
  }

  private static void putLoad(Map<String, Object> environment, List<String> notMeasured, String key, List<Double> load) {
    if (load != null) {
      environment.put(key, load);
    } else {
      notMeasured.add(key + ": the operating system keeps no load average");
    }
  }
}
