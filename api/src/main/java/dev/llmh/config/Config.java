package dev.llmh.config;

import dev.llmh.annotations.PromptCache;
import dev.llmh.constraint.Dimension;
import dev.llmh.constraint.Unit;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The run's configuration, read once and validated before any request: system properties (or JUnit
 * configuration parameters) over environment variables over defaults. Annotation values sit between
 * configuration and defaults; {@code dev.llmh.plan.Planner} applies them.
 *
 * @param models {@code llmh.model}: the models to request, in order ({@code a,b} compares two side by
 *     side); empty when not configured
 * @param recordTextChars {@code llmh.record.textChars}: the most characters of an answer, and of its
 *     reasoning, that a sample's record keeps (0: none)
 * @param judge {@code llmh.judge.endpoint} and {@code llmh.judge.model}: where {@code @Judge} asks
 * @param compare {@code llmh.compare.*}: a distribution comparison's settings over {@code @Compare}'s
 */
public record Config(
    Optional<String> endpoint,
    Optional<Secret> endpointUserInfo,
    List<String> models,
    Optional<Secret> apiKey,
    Duration connectTimeout,
    Duration readTimeout,
    Duration firstTokenTimeout,
    Duration requestTimeout,
    Duration caseTimeout,
    Path resultsDir,
    Embedded embedded,
    Simulated simulated,
    Optional<Api> api,
    double confidence,
    String inconclusive,
    int maxRequests,
    int clientWarmup,
    Progress progress,
    Optional<List<String>> options,
    Optional<PromptCache.Mode> promptCache,
    ServerSampling serverSampling,
    DeploymentFacts deployment,
    int recordTextChars,
    JudgeConfig judge,
    CompareConfig compare) {

  /**
   * Settings of the embedded llama.cpp server.
   *
   * @param slotContext tokens per slot, or null to share the model's context evenly among the slots
   */
  public record Embedded(String model, int slots, Integer slotContext, Path modelsDir, Duration startTimeout) {}

  /** Settings of the simulated server. */
  public record Simulated(double prefillRate, double decodeRate, int slots) {}

  /**
   * What the console says while a run goes on.
   *
   * @param enabled phase messages and progress lines at all ({@code llmh.progress})
   * @param interval off a terminal, the least time between two progress lines ({@code llmh.progress.interval})
   */
  public record Progress(boolean enabled, Duration interval) {}

  /**
   * How the serving process is sampled for its memory and CPU.
   *
   * @param interval {@code llmh.resources.interval}
   * @param pid {@code llmh.server.pid}: a local server's process, for an endpoint LLMH did not start
   * @param process {@code llmh.server.process}: the same by process name
   */
  public record ServerSampling(Duration interval, Optional<Long> pid, Optional<String> process) {}

  private static ServerSampling serverSampling(Function<ConfigKey, Optional<String>> lookup) {
    Optional<Long> pid = lookup.apply(ConfigKey.SERVER_PID).map(v -> wholePositive(ConfigKey.SERVER_PID, v));
    Optional<String> process = lookup.apply(ConfigKey.SERVER_PROCESS).map(String::strip).filter(v -> !v.isEmpty());
    if (pid.isPresent() && process.isPresent()) {
      throw new ConfigException(ConfigKey.SERVER_PID.key() + " and " + ConfigKey.SERVER_PROCESS.key()
          + " are both set: they name the server two ways; keep one");
    }
    return new ServerSampling(
        lookup.apply(ConfigKey.RESOURCES_INTERVAL).map(v -> duration(ConfigKey.RESOURCES_INTERVAL, v)).orElse(Defaults.RESOURCES_INTERVAL),
        pid, process);
  }

  private static final Pattern DURATION = Pattern.compile("\\s*(\\d+(?:\\.\\d+)?)\\s*([a-z]+)\\s*");

  /**
   * Reads every key through {@code properties} (system properties or JUnit configuration
   * parameters), then {@code environment}.
   */
  public static Config read(
      Function<String, Optional<String>> properties, Map<String, String> environment) {
    Function<ConfigKey, Optional<String>> lookup =
        key ->
            properties
                .apply(key.key())
                .or(() -> Optional.ofNullable(environment.get(key.envName())))
                .map(String::strip)
                .filter(v -> !v.isEmpty());
    Optional<EndpointUrl> endpoint = lookup.apply(ConfigKey.ENDPOINT).map(EndpointUrl::parse);
    Optional<Secret> apiKey = apiKey(lookup);
    if (apiKey.isPresent() && endpoint.flatMap(EndpointUrl::userInfo).isPresent()) {
      throw new ConfigException(
          ConfigKey.ENDPOINT.key() + " carries user:password@ (sent as HTTP Basic auth) and an API key is set too ("
              + ConfigKey.API_KEY.key() + " or " + ConfigKey.API_KEY_FILE.key() + "): both would be the Authorization header; keep one");
    }
    Duration firstToken =
        lookup.apply(ConfigKey.FIRST_TOKEN_TIMEOUT).map(v -> duration(ConfigKey.FIRST_TOKEN_TIMEOUT, v)).orElse(Defaults.FIRST_TOKEN_TIMEOUT);
    return new Config(
        endpoint.map(EndpointUrl::shown),
        endpoint.flatMap(EndpointUrl::userInfo),
        lookup.apply(ConfigKey.MODEL).map(Config::models).orElse(List.of()),
        apiKey,
        lookup.apply(ConfigKey.CONNECT_TIMEOUT).map(v -> duration(ConfigKey.CONNECT_TIMEOUT, v)).orElse(Defaults.CONNECT_TIMEOUT),
        lookup.apply(ConfigKey.READ_TIMEOUT).map(v -> duration(ConfigKey.READ_TIMEOUT, v)).orElse(Defaults.READ_TIMEOUT),
        firstToken,
        lookup.apply(ConfigKey.REQUEST_TIMEOUT).map(v -> duration(ConfigKey.REQUEST_TIMEOUT, v)).orElse(Defaults.REQUEST_TIMEOUT),
        lookup.apply(ConfigKey.CASE_TIMEOUT).map(v -> duration(ConfigKey.CASE_TIMEOUT, v)).orElse(Defaults.CASE_TIMEOUT),
        Path.of(lookup.apply(ConfigKey.RESULTS_DIR).orElse(Defaults.RESULTS_DIR)),
        new Embedded(
            lookup.apply(ConfigKey.EMBEDDED_MODEL).map(v -> oneOf(ConfigKey.EMBEDDED_MODEL, v, "tiny", "small")).orElse(Defaults.EMBEDDED_MODEL),
            lookup.apply(ConfigKey.EMBEDDED_SLOTS).map(v -> (int) wholePositive(ConfigKey.EMBEDDED_SLOTS, v)).orElse(Defaults.EMBEDDED_SLOTS),
            lookup.apply(ConfigKey.EMBEDDED_SLOT_CONTEXT).map(v -> (int) wholePositive(ConfigKey.EMBEDDED_SLOT_CONTEXT, v)).orElse(null),
            Path.of(lookup.apply(ConfigKey.EMBEDDED_MODELS_DIR).orElse(Defaults.EMBEDDED_MODELS_DIR)),
            lookup.apply(ConfigKey.EMBEDDED_START_TIMEOUT).map(v -> duration(ConfigKey.EMBEDDED_START_TIMEOUT, v)).orElse(Defaults.EMBEDDED_START_TIMEOUT)),
        new Simulated(
            lookup.apply(ConfigKey.SIMULATED_PREFILL_RATE).map(v -> positive(ConfigKey.SIMULATED_PREFILL_RATE, v)).orElse(Defaults.SIMULATED_PREFILL_RATE),
            lookup.apply(ConfigKey.SIMULATED_DECODE_RATE).map(v -> positive(ConfigKey.SIMULATED_DECODE_RATE, v)).orElse(Defaults.SIMULATED_DECODE_RATE),
            lookup.apply(ConfigKey.SIMULATED_SLOTS).map(v -> (int) wholePositive(ConfigKey.SIMULATED_SLOTS, v)).orElse(Defaults.SIMULATED_SLOTS)),
        lookup.apply(ConfigKey.API).map(v -> Api.byKey(oneOf(ConfigKey.API, v, Api.keys().split(", "))).orElseThrow()),
        lookup.apply(ConfigKey.CONFIDENCE).map(v -> level(ConfigKey.CONFIDENCE, v)).orElse(Defaults.CONFIDENCE),
        lookup.apply(ConfigKey.INCONCLUSIVE).map(v -> oneOf(ConfigKey.INCONCLUSIVE, v, "skip", "fail", "pass")).orElse(Defaults.INCONCLUSIVE),
        lookup.apply(ConfigKey.MAX_REQUESTS).map(v -> (int) wholePositive(ConfigKey.MAX_REQUESTS, v)).orElse(Defaults.MAX_REQUESTS),
        lookup.apply(ConfigKey.CLIENT_WARMUP).map(v -> (int) whole(ConfigKey.CLIENT_WARMUP, v)).orElse(Defaults.CLIENT_WARMUP),
        new Progress(
            lookup.apply(ConfigKey.PROGRESS).map(v -> Boolean.parseBoolean(oneOf(ConfigKey.PROGRESS, v.toLowerCase(java.util.Locale.ROOT), "true", "false"))).orElse(Defaults.PROGRESS),
            lookup.apply(ConfigKey.PROGRESS_INTERVAL).map(v -> duration(ConfigKey.PROGRESS_INTERVAL, v)).orElse(Defaults.PROGRESS_INTERVAL)),
        lookup.apply(ConfigKey.OPTIONS).map(Config::options),
        lookup.apply(ConfigKey.PROMPT_CACHE).map(v -> PromptCache.Mode.valueOf(
            oneOf(ConfigKey.PROMPT_CACHE, v.toLowerCase(java.util.Locale.ROOT), "unique", "shared").toUpperCase(java.util.Locale.ROOT))),
        serverSampling(lookup),
        deployment(lookup),
        lookup.apply(ConfigKey.RECORD_TEXT_CHARS).map(v -> wholeInt(ConfigKey.RECORD_TEXT_CHARS, v)).orElse(Defaults.RECORD_TEXT_CHARS),
        JudgeConfig.read(lookup),
        CompareConfig.read(lookup));
  }

  /** {@code llmh.power.watts}, {@code llmh.hardware.memoryBandwidth}, {@code llmh.model.bytes} and {@code llmh.cost.*}. */
  private static DeploymentFacts deployment(Function<ConfigKey, Optional<String>> lookup) {
    String currency = lookup.apply(ConfigKey.COST_CURRENCY).map(v -> currency(ConfigKey.COST_CURRENCY, v)).orElse(null);
    Function<ConfigKey, Double> price = key -> lookup.apply(key).map(v -> price(key, v, currency)).orElse(null);
    Function<ConfigKey, Double> number = key -> lookup.apply(key).map(v -> positive(key, v)).orElse(null);
    Double hardware = price.apply(ConfigKey.COST_HARDWARE);
    Double perHour = price.apply(ConfigKey.COST_PER_HOUR);
    Double powerPrice = price.apply(ConfigKey.COST_POWER_PRICE);
    Double years = number.apply(ConfigKey.COST_LIFETIME_YEARS);
    Double hours = number.apply(ConfigKey.COST_HOURS_PER_DAY);
    Optional<String> utilisation = lookup.apply(ConfigKey.COST_UTILISATION);
    DeploymentFacts.Cost cost = null;
    if (hardware != null || perHour != null || powerPrice != null || years != null || hours != null || utilisation.isPresent()) {
      // checked once merged with the scenario's @Cost, by the planner: either may complete the other
      cost = new DeploymentFacts.Cost(hardware, years, hours, powerPrice,
          utilisation.map(v -> percent(ConfigKey.COST_UTILISATION, v)).orElse(null), perHour);
    }
    return new DeploymentFacts(currency,
        lookup.apply(ConfigKey.POWER_WATTS).map(v -> measure(ConfigKey.POWER_WATTS, v, Dimension.POWER, "90W")).orElse(null),
        lookup.apply(ConfigKey.MEMORY_BANDWIDTH).map(Config::bandwidth).orElse(null),
        lookup.apply(ConfigKey.MODEL_BYTES).map(v -> Math.round(measure(ConfigKey.MODEL_BYTES, v, Dimension.BYTES, "4.7GB"))).orElse(null),
        cost,
        lookup.apply(ConfigKey.COST_TRUST_DECLARED).map(v -> Boolean.parseBoolean(
            oneOf(ConfigKey.COST_TRUST_DECLARED, v.toLowerCase(java.util.Locale.ROOT), "true", "false"))).orElse(null));
  }

  /** An ISO 4217 code such as USD or EUR. */
  static String currency(ConfigKey key, String value) {
    String code = value.toUpperCase(java.util.Locale.ROOT);
    if (!dev.llmh.constraint.Unit.isCurrency(code)) {
      throw new ConfigException(key.key() + " (" + key.envName() + ") = '" + value + "' is not a currency code; write e.g. USD or EUR");
    }
    return code;
  }

  /**
   * A price: a bare number, or one with the configured currency's code ({@code 600} or
   * {@code 600USD}); {@code currency} null stands for the default.
   */
  static double price(ConfigKey key, String value, String configured) {
    String currency = configured == null ? Defaults.COST_CURRENCY : configured;
    Matcher m = Pattern.compile("\\s*([0-9.eE+-]+)\\s*([A-Za-z]{3})?\\s*").matcher(value);
    if (m.matches() && m.group(2) != null && !m.group(2).toUpperCase(java.util.Locale.ROOT).equals(currency)) {
      throw new ConfigException(key.key() + " (" + key.envName() + ") = '" + value + "' is in " + m.group(2)
          + " but prices are in " + currency + " (" + ConfigKey.COST_CURRENCY.key() + "): convert it, or set the currency");
    }
    return positive(key, m.matches() ? m.group(1) : value);
  }

  /** A percentage with its sign: {@code 50%}. A bare 0.5 could be a fraction or half a percent. */
  static double percent(ConfigKey key, String value) {
    String number = value.strip();
    if (!number.endsWith("%")) {
      throw new ConfigException(key.key() + " (" + key.envName() + ") = '" + value + "' needs its % sign, e.g. 50%");
    }
    return positive(key, number.substring(0, number.length() - 1).strip());
  }

  /** A quantity of {@code dimension} in its units ({@code 4.7GB}, {@code 90W}); a bare number is in the canonical unit. */
  static double measure(ConfigKey key, String value, Dimension dimension, String example) {
    try {
      double canonical = dev.llmh.constraint.ConstraintParser.quantity(value, dimension, key.key() + " (" + key.envName() + ")", example).canonical();
      if (!(canonical > 0) || Double.isInfinite(canonical)) {
        throw new ConfigException(key.key() + " (" + key.envName() + ") must be above zero, was '" + value + "'");
      }
      return canonical;
    } catch (dev.llmh.constraint.ConstraintException e) {
      throw new ConfigException(e.getMessage());
    }
  }

  /** Bytes per second: {@code 0.9TB/s}, {@code 100GB/s}. */
  static double bandwidth(String value) {
    String bytes = value.strip();
    if (!bytes.endsWith("/s")) {
      throw new ConfigException(ConfigKey.MEMORY_BANDWIDTH.key() + " (" + ConfigKey.MEMORY_BANDWIDTH.envName() + ") = '" + value
          + "' is not a bandwidth; write bytes per second, e.g. 0.9TB/s or 100GB/s");
    }
    return measure(ConfigKey.MEMORY_BANDWIDTH, bytes.substring(0, bytes.length() - 2), Dimension.BYTES, "100GB/s");
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
  private static Optional<Secret> apiKey(Function<ConfigKey, Optional<String>> lookup) {
    Optional<String> given = lookup.apply(ConfigKey.API_KEY);
    Optional<String> file = lookup.apply(ConfigKey.API_KEY_FILE);
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

  static String oneOf(ConfigKey key, String value, String... choices) {
    for (String choice : choices) {
      if (choice.equals(value)) {
        return value;
      }
    }
    throw new ConfigException(
        key.key() + " (" + key.envName() + ") = '" + value + "' is not one of " + String.join(", ", choices));
  }

  /** The configuration of this JVM: system properties, then environment. */
  public static Config fromSystem() {
    return read(key -> Optional.ofNullable(System.getProperty(key)), System.getenv());
  }

  static Duration duration(ConfigKey key, String value) {
    Matcher m = DURATION.matcher(value);
    Optional<Unit> unit = m.matches() ? Unit.bySymbol(m.group(2)) : Optional.empty();
    if (unit.isEmpty() || unit.get().dimension() != Dimension.TIME) {
      throw new ConfigException(
          key.key() + " (" + key.envName() + ") = '" + value + "' is not a duration; write e.g. 30s or 500ms");
    }
    double millis = unit.get().toCanonical(Double.parseDouble(m.group(1)));
    if (millis <= 0) {
      throw new ConfigException(key.key() + " (" + key.envName() + ") must be above zero, was '" + value + "'");
    }
    return Duration.ofNanos(Math.round(millis * 1_000_000));
  }

  static double positive(ConfigKey key, String value) {
    double parsed;
    try {
      parsed = Double.parseDouble(value);
    } catch (NumberFormatException e) {
      throw new ConfigException(key.key() + " (" + key.envName() + ") = '" + value + "' is not a number");
    }
    if (!(parsed > 0) || Double.isInfinite(parsed)) {
      throw new ConfigException(key.key() + " (" + key.envName() + ") must be above zero, was '" + value + "'");
    }
    return parsed;
  }

  /** A confidence level: below 0.5 a "bound" would be a coin toss, and 1 cannot be reached. */
  static double level(ConfigKey key, String value) {
    double parsed = positive(key, value);
    if (parsed < 0.5 || parsed >= 1) {
      throw new ConfigException(key.key() + " (" + key.envName() + ") must be at least 0.5 and below 1, was '" + value + "'");
    }
    return parsed;
  }

  static long wholePositive(ConfigKey key, String value) {
    double parsed = positive(key, value);
    if (parsed != Math.rint(parsed)) {
      throw new ConfigException(key.key() + " (" + key.envName() + ") must be a whole number, was '" + value + "'");
    }
    return (long) parsed;
  }

  /** A count that may be zero. */
  static long whole(ConfigKey key, String value) {
    try {
      long parsed = Long.parseLong(value);
      if (parsed >= 0) {
        return parsed;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new ConfigException(key.key() + " (" + key.envName() + ") must be a whole number, 0 or more, was '" + value + "'");
  }

  /** A count that may be zero and is held in an int: a larger one is refused rather than wrapped round. */
  static int wholeInt(ConfigKey key, String value) {
    long parsed = whole(key, value);
    if (parsed > Integer.MAX_VALUE) {
      throw new ConfigException(key.key() + " (" + key.envName() + ") must be at most " + Integer.MAX_VALUE + ", was '" + value + "'");
    }
    return (int) parsed;
  }

  /** A value that must never be printed: {@link #toString()} hides it. */
  public record Secret(String value) {
    @Override
    public String toString() {
      return "<hidden>";
    }
  }
}
