package dev.llmh.config;

import dev.llmh.annotations.PromptCache;
import dev.llmh.constraint.Dimension;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The run's configuration, read once and validated before any request: system properties (or JUnit
 * configuration parameters) over environment variables over defaults. Annotation values sit between
 * configuration and defaults; {@code dev.llmh.plan.Planner} applies them.
 *
 * @param judge {@code llmh.judge.endpoint} and {@code llmh.judge.model}: where {@code @Judge} asks
 * @param compare {@code llmh.compare.*}: a distribution comparison's settings over {@code @Compare}'s
 */
public record Config(
    Target target,
    Timeouts timeouts,
    Servers servers,
    Requests requests,
    Statistics statistics,
    Output output,
    JudgeConfig judge,
    CompareConfig compare) {

  /**
   * What is measured, and with which credentials.
   *
   * @param endpoint {@code llmh.endpoint}, shown without its user info
   * @param userInfo the endpoint URL's {@code user:password@}, sent as HTTP Basic auth
   * @param models {@code llmh.model}: the models to request, in order ({@code a,b} compares two side by
   *     side); empty when not configured
   * @param tlsTrust {@code llmh.tls.trust}: the certificates HTTPS trusts instead of the system's
   * @param proxy {@code llmh.proxy}: the HTTP proxy to reach endpoints through, as {@code http://host:port}
   */
  public record Target(
      Optional<String> endpoint, Optional<Secret> userInfo, List<String> models, Optional<Secret> apiKey,
          Optional<Api> api, Optional<Path> tlsTrust, Optional<java.net.URI> proxy) {}

  /** {@code llmh.timeout.*}: each phase of a request, and a whole case. */
  public record Timeouts(Duration connect, Duration read, Duration firstToken, Duration request, Duration caseTimeout) {}

  /**
   * The servers LLMH starts itself, and how a serving process is sampled.
   *
   * @param deployment declared facts of the serving hardware: power, bandwidth, model size, cost
   * @param command a server LLMH starts itself ({@code llmh.server.command}…), over the scenario's {@code @Server}
   */
  public record Servers(Embedded embedded, Simulated simulated, ServerSampling sampling, DeploymentFacts deployment,
      ServerCommand command) {}

  /**
   * Settings of the embedded llama.cpp server.
   *
   * @param slotContext tokens per slot, or null to share the model's context evenly among the slots
   */
  public record Embedded(String model, int slots, Integer slotContext, Path modelsDir, Duration startTimeout) {}

  /** Settings of the simulated server. */
  public record Simulated(double prefillRate, double decodeRate, int slots) {}

  /**
   * How the serving process is sampled for its memory and CPU.
   *
   * @param interval {@code llmh.resources.interval}
   * @param pid {@code llmh.server.pid}: a local server's process, for an endpoint LLMH did not start
   * @param process {@code llmh.server.process}: the same by process name
   * @param metrics {@code llmh.server.metrics}: {@code auto}, {@code off} or the URL of the server's Prometheus metrics
   * @param metricsInterval {@code llmh.server.metrics.interval}
   */
  public record ServerSampling(Duration interval, Optional<Long> pid, Optional<String> process, String metrics,
      Duration metricsInterval) {}

  /**
   * How requests are sent.
   *
   * @param clientWarmup {@code llmh.clientWarmup}: synthetic streams through the request path before the first case
   * @param options {@code llmh.options}: server options sent with every request
   */
  public record Requests(int maxRequests, int clientWarmup, Optional<List<String>> options,
      Optional<PromptCache.Mode> promptCache) {}

  /** {@code llmh.confidence} of every interval, and what an {@code llmh.inconclusive} verdict reports. */
  public record Statistics(double confidence, String inconclusive) {}

  /**
   * What a run leaves and says.
   *
   * @param recordTextChars {@code llmh.record.textChars}: the most characters of an answer, and of its
   *     reasoning, that a sample's record keeps (0: none)
   */
  public record Output(Path resultsDir, int recordTextChars, Progress progress) {}

  /**
   * What the console says while a run goes on.
   *
   * @param enabled phase messages and progress lines at all ({@code llmh.progress})
   * @param interval off a terminal, the least time between two progress lines ({@code llmh.progress.interval})
   */
  public record Progress(boolean enabled, Duration interval) {}

  /**
   * Reads every key through {@code properties} (system properties or JUnit configuration
   * parameters), then {@code environment}.
   */
  public static Config read(Function<String, Optional<String>> properties, Map<String, String> environment) {
    ConfigValues values = new ConfigValues(properties, environment);
    return new Config(target(values), timeouts(values), servers(values), requests(values),
        new Statistics(
            values.get(ConfigKey.CONFIDENCE).map(v -> ConfigValues.level(ConfigKey.CONFIDENCE,
                v)).orElse(Defaults.CONFIDENCE),
            values.get(ConfigKey.INCONCLUSIVE).map(v -> ConfigValues.oneOf(ConfigKey.INCONCLUSIVE, v, "skip", "fail",
                "pass"))
                .orElse(Defaults.INCONCLUSIVE)),
        new Output(
            Path.of(values.get(ConfigKey.RESULTS_DIR).orElse(Defaults.RESULTS_DIR)),
            values.get(ConfigKey.RECORD_TEXT_CHARS).map(v -> ConfigValues.wholeInt(ConfigKey.RECORD_TEXT_CHARS, v))
                .orElse(Defaults.RECORD_TEXT_CHARS),
            new Progress(values.flag(ConfigKey.PROGRESS).orElse(Defaults.PROGRESS),
                values.duration(ConfigKey.PROGRESS_INTERVAL, Defaults.PROGRESS_INTERVAL))),
        JudgeConfig.read(values::get),
        CompareConfig.read(values::get));
  }

  /** The configuration of this JVM: system properties, then environment. */
  public static Config fromSystem() {
    return read(key -> Optional.ofNullable(System.getProperty(key)), System.getenv());
  }

  private static Target target(ConfigValues values) {
    Optional<EndpointUrl> endpoint = values.get(ConfigKey.ENDPOINT).map(EndpointUrl::parse);
    Optional<Secret> apiKey = apiKey(values);
    if (apiKey.isPresent() && endpoint.flatMap(EndpointUrl::userInfo).isPresent()) {
      throw new ConfigException(
          ConfigKey.ENDPOINT.key() + " carries user:password@ (sent as HTTP Basic auth) and an API key is set too ("
              + ConfigKey.API_KEY.key() + " or " + ConfigKey.API_KEY_FILE.key() + "): both would be the Authorization header; keep one");
    }
    return new Target(
        endpoint.map(EndpointUrl::shown),
        endpoint.flatMap(EndpointUrl::userInfo),
        values.get(ConfigKey.MODEL).map(Config::models).orElse(List.of()),
        apiKey,
        values.get(ConfigKey.API).map(v -> Api.byKey(ConfigValues.oneOf(ConfigKey.API, v,
            Api.keys().split(", "))).orElseThrow()),
        values.get(ConfigKey.TLS_TRUST).map(NetworkValues::trustFile),
        values.get(ConfigKey.PROXY).map(NetworkValues::proxy));
  }

  private static Timeouts timeouts(ConfigValues values) {
    return new Timeouts(
        values.duration(ConfigKey.CONNECT_TIMEOUT, Defaults.CONNECT_TIMEOUT),
        values.duration(ConfigKey.READ_TIMEOUT, Defaults.READ_TIMEOUT),
        values.duration(ConfigKey.FIRST_TOKEN_TIMEOUT, Defaults.FIRST_TOKEN_TIMEOUT),
        values.duration(ConfigKey.REQUEST_TIMEOUT, Defaults.REQUEST_TIMEOUT),
        values.duration(ConfigKey.CASE_TIMEOUT, Defaults.CASE_TIMEOUT));
  }

  private static Servers servers(ConfigValues values) {
    Embedded embedded = new Embedded(
        values.get(ConfigKey.EMBEDDED_MODEL).map(v -> ConfigValues.oneOf(ConfigKey.EMBEDDED_MODEL, v, "tiny", "small", "answers-s"))
            .orElse(Defaults.EMBEDDED_MODEL),
        values.wholePositive(ConfigKey.EMBEDDED_SLOTS, Defaults.EMBEDDED_SLOTS),
        values.get(ConfigKey.EMBEDDED_SLOT_CONTEXT).isPresent() ? values.wholePositive(ConfigKey.EMBEDDED_SLOT_CONTEXT, 0) : null,
        Path.of(values.get(ConfigKey.EMBEDDED_MODELS_DIR).orElse(Defaults.EMBEDDED_MODELS_DIR)),
        values.duration(ConfigKey.EMBEDDED_START_TIMEOUT, Defaults.EMBEDDED_START_TIMEOUT));
    Simulated simulated = new Simulated(
        values.positive(ConfigKey.SIMULATED_PREFILL_RATE, Defaults.SIMULATED_PREFILL_RATE),
        values.positive(ConfigKey.SIMULATED_DECODE_RATE, Defaults.SIMULATED_DECODE_RATE),
        values.wholePositive(ConfigKey.SIMULATED_SLOTS, Defaults.SIMULATED_SLOTS));
    return new Servers(embedded, simulated, serverSampling(values), deployment(values), ServerCommand.read(values));
  }

  private static Requests requests(ConfigValues values) {
    return new Requests(
        values.wholePositive(ConfigKey.MAX_REQUESTS, Defaults.MAX_REQUESTS),
        values.get(ConfigKey.CLIENT_WARMUP).map(v -> ConfigValues.wholeInt(ConfigKey.CLIENT_WARMUP,
            v)).orElse(Defaults.CLIENT_WARMUP),
        values.get(ConfigKey.OPTIONS).map(Config::options),
        values.get(ConfigKey.PROMPT_CACHE).map(v -> PromptCache.Mode.valueOf(
            ConfigValues.oneOf(ConfigKey.PROMPT_CACHE, v.toLowerCase(Locale.ROOT), "unique",
                "shared").toUpperCase(Locale.ROOT))));
  }

  private static ServerSampling serverSampling(ConfigValues values) {
    Optional<Long> pid = values.get(ConfigKey.SERVER_PID).map(v -> ConfigValues.wholePositive(ConfigKey.SERVER_PID, v));
    Optional<String> process = values.get(ConfigKey.SERVER_PROCESS);
    if (pid.isPresent() && process.isPresent()) {
      throw new ConfigException(ConfigKey.SERVER_PID.key() + " and " + ConfigKey.SERVER_PROCESS.key()
          + " are both set: they name the server two ways; keep one");
    }
    String metrics = values.get(ConfigKey.SERVER_METRICS).map(String::strip).orElse(Defaults.SERVER_METRICS);
    if (!metrics.equals("auto") && !metrics.equals("off") && !metrics.startsWith("http://") && !metrics.startsWith("https://")) {
      throw new ConfigException(ConfigKey.SERVER_METRICS.key() + " (" + ConfigKey.SERVER_METRICS.envName()
          + ") must be auto, off or the http(s) URL of the server's Prometheus metrics, was '" + metrics + "'");
    }
    return new ServerSampling(values.duration(ConfigKey.RESOURCES_INTERVAL, Defaults.RESOURCES_INTERVAL), pid, process, metrics,
        values.duration(ConfigKey.SERVER_METRICS_INTERVAL, Defaults.SERVER_METRICS_INTERVAL));
  }

  /** {@code llmh.power.watts}, {@code llmh.hardware.memoryBandwidth}, {@code llmh.model.bytes} and {@code llmh.cost.*}. */
  private static DeploymentFacts deployment(ConfigValues values) {
    String currency = values.get(ConfigKey.COST_CURRENCY).map(v -> ConfigValues.currency(ConfigKey.COST_CURRENCY,
        v)).orElse(null);
    Function<ConfigKey, Double> price = key -> values.get(key).map(v -> ConfigValues.price(key, v,
        currency)).orElse(null);
    Function<ConfigKey, Double> number = key -> values.get(key).map(v -> ConfigValues.positive(key, v)).orElse(null);
    Double hardware = price.apply(ConfigKey.COST_HARDWARE);
    Double perHour = price.apply(ConfigKey.COST_PER_HOUR);
    Double powerPrice = price.apply(ConfigKey.COST_POWER_PRICE);
    Double years = number.apply(ConfigKey.COST_LIFETIME_YEARS);
    Double hours = number.apply(ConfigKey.COST_HOURS_PER_DAY);
    Optional<String> utilisation = values.get(ConfigKey.COST_UTILISATION);
    DeploymentFacts.Cost cost = null;
    if (hardware != null || perHour != null || powerPrice != null || years != null || hours != null || utilisation.isPresent()) {
      // checked once merged with the scenario's @Cost, by the planner: either may complete the other
      cost = new DeploymentFacts.Cost(hardware, years, hours, powerPrice,
          utilisation.map(v -> ConfigValues.percent(ConfigKey.COST_UTILISATION, v)).orElse(null), perHour);
    }
    return new DeploymentFacts(currency,
        values.get(ConfigKey.POWER_WATTS).map(v -> ConfigValues.measure(ConfigKey.POWER_WATTS, v, Dimension.POWER,
            "90W")).orElse(null),
        values.get(ConfigKey.MEMORY_BANDWIDTH).map(ConfigValues::bandwidth).orElse(null),
        values.get(ConfigKey.MODEL_BYTES).map(v -> Math.round(ConfigValues.measure(ConfigKey.MODEL_BYTES, v,
            Dimension.BYTES, "4.7GB"))).orElse(null),
        cost,
        values.flag(ConfigKey.COST_TRUST_DECLARED).orElse(null));
  }

  /** {@code llmh.options}, checked now so that a malformed option stops the run before its first request. */
  static List<String> options(String value) {
    List<String> options = ServerOptions.split(value);
    try {
      ServerOptions.parse(options);
    } catch (IllegalArgumentException e) {
      throw new ConfigException(ConfigKey.OPTIONS.key() + " (" + ConfigKey.OPTIONS.envName() + "): " + e.getMessage());
    }
    return options;
  }

  /**
   * The key from {@code llmh.apiKey} / {@code LLMH_API_KEY}, or from the first line of the file that
   * {@code llmh.apiKeyFile} names; not both.
   */
  private static Optional<Secret> apiKey(ConfigValues values) {
    Optional<String> given = values.get(ConfigKey.API_KEY);
    Optional<String> file = values.get(ConfigKey.API_KEY_FILE);
    if (given.isPresent() && file.isPresent()) {
      throw new ConfigException(
          "both " + ConfigKey.API_KEY.key() + " (" + ConfigKey.API_KEY.envName() + ") and " + ConfigKey.API_KEY_FILE.key()
              + " (" + ConfigKey.API_KEY_FILE.envName() + ") are set; keep one");
    }
    if (file.isEmpty()) {
      return given.map(Secret::new);
    }
    Path path = Path.of(file.get());
    String key;
    try {
      key = java.nio.file.Files.readAllLines(path).stream().map(String::strip).filter(l -> !l.isEmpty()).findFirst().orElse("");
    } catch (java.io.IOException | java.io.UncheckedIOException e) {
      throw new ConfigException(ConfigKey.API_KEY_FILE.key() + " (" + ConfigKey.API_KEY_FILE.envName() + ") = '" + path
          + "' cannot be read: " + e.getClass().getSimpleName());
    }
    if (key.isEmpty()) {
      throw new ConfigException(ConfigKey.API_KEY_FILE.key() + " (" + ConfigKey.API_KEY_FILE.envName() + ") = '" + path + "' is empty");
    }
    return Optional.of(new Secret(key));
  }

  /** {@code a, b}: the names in order; an empty name or one given twice is a mistake, not a case. */
  static List<String> models(String value) {
    List<String> models = new ArrayList<>();
    for (String name : value.split(",", -1)) {
      String model = name.strip();
      if (model.isEmpty()) {
        throw new ConfigException(ConfigKey.MODEL.key() + " (" + ConfigKey.MODEL.envName() + ") = '" + value
            + "' has an empty model name; separate names with single commas, e.g. qwen2.5:7b,qwen2.5:14b");
      }
      if (models.contains(model)) {
        throw new ConfigException(ConfigKey.MODEL.key() + " (" + ConfigKey.MODEL.envName() + ") = '" + value
            + "' names " + model + " twice; remove one (each model is a case)");
      }
      models.add(model);
    }
    return List.copyOf(models);
  }

  /** A value that must never be printed: {@link #toString()} hides it. */
  public record Secret(String value) {
    @Override
    public String toString() {
      return "<hidden>";
    }
  }
}
