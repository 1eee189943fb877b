package dev.llmh.processor;

import static dev.llmh.processor.Annotations.asInt;
import static dev.llmh.processor.Annotations.asList;
import static dev.llmh.processor.Annotations.asString;
import static dev.llmh.processor.Annotations.find;

import dev.llmh.annotations.Concurrency;
import dev.llmh.annotations.Constraint;
import dev.llmh.annotations.Constraints;
import dev.llmh.annotations.Cost;
import dev.llmh.annotations.Endpoint;
import dev.llmh.annotations.Load;
import dev.llmh.annotations.MaxTokens;
import dev.llmh.annotations.Measurement;
import dev.llmh.annotations.Power;
import dev.llmh.annotations.PromptCache;
import dev.llmh.annotations.Sampling;
import dev.llmh.annotations.SaturationSearch;
import dev.llmh.annotations.Slo;
import dev.llmh.annotations.Ttft;
import dev.llmh.annotations.Warmup;
import dev.llmh.config.Api;
import dev.llmh.config.Defaults;
import dev.llmh.config.EndpointUrl;
import dev.llmh.config.ServerOptions;
import dev.llmh.processor.generator.Declarations;
import dev.llmh.runner.SaturationDeclaration;
import dev.llmh.runner.SloDeclaration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;

/**
 * Reads the settings annotations of one element, the class or a {@code @Prompt} member, into
 * {@link Declarations}, reporting every value the engine could not use. Budgets are left to
 * {@link ConstraintReader}.
 */
final class SettingsReader {

  /** Annotations that configure a case; legal on the class and on {@code @Prompt} members. */
  static final List<Class<?>> SETTINGS =
      List.of(
          Endpoint.class, Warmup.class, Measurement.class, Sampling.class, MaxTokens.class,
          Concurrency.class, Constraint.class, Constraints.class, Ttft.class, PromptCache.class, Slo.class,
          SaturationSearch.class, Load.class, Power.class, Cost.class);

  private final Annotations annotations;
  private final ConstraintReader constraints;
  private final SloSearchReader sloSearch;
  private final LoadReader load;
  private final DeploymentReader deployment;
  private final Reporter reporter;

  SettingsReader(Annotations annotations, Reporter reporter) {
    this.annotations = annotations;
    this.constraints = new ConstraintReader(annotations, reporter);
    this.sloSearch = new SloSearchReader(annotations, reporter);
    this.load = new LoadReader(annotations, reporter);
    this.deployment = new DeploymentReader(reporter, constraints);
    this.reporter = reporter;
  }

  /** Reads and checks the settings annotations on the class or a prompt member. */
  Declarations read(Element element) {
    // read in this order, which is the order their problems are reported in
    Declarations.Endpoint endpoint = find(element, Endpoint.class).map(m -> endpoint(element, m)).orElse(null);
    Integer warmupRequests = find(element, Warmup.class)
        .flatMap(m -> count(element, m, "requests", 0,
            "@Warmup(requests = %d) is negative; use 0 to skip warm-up, or a positive count"))
        .orElse(null);
    Integer measuredRequests = find(element, Measurement.class)
        .flatMap(m -> count(element, m, "requests", 1,
            "@Measurement(requests = %d) must be at least 1: a case needs measured requests"))
        .orElse(null);
    Declarations.Sampling sampling = find(element, Sampling.class).flatMap(m -> sampling(element, m)).orElse(null);
    Integer maxTokens = find(element, MaxTokens.class)
        .flatMap(m -> count(element, m, "value", 1,
            "@MaxTokens(%d) must be at least 1: the model has to generate a token to be measured"))
        .orElse(null);
    List<Integer> concurrency = find(element, Concurrency.class).map(m -> concurrency(element, m)).orElse(null);
    List<String> written = constraints.constraints(element);
    List<String> ttft = find(element, Ttft.class).map(m -> constraints.ttft(element, m)).orElse(null);
    Integer maxRequests = find(element, Measurement.class).flatMap(m -> maxRequests(element, m)).orElse(null);
    PromptCache.Mode promptCache = find(element, PromptCache.class).flatMap(m -> promptCache(m)).orElse(null);
    SloDeclaration slo = sloSearch.slo(element);
    SaturationDeclaration saturationSearch = sloSearch.saturationSearch(element);
    return new Declarations(endpoint, sampling, maxTokens,
        new Declarations.RequestCounts(warmupRequests, measuredRequests, maxRequests),
        new Declarations.LoadShape(concurrency, load.read(element), saturationSearch),
        new Declarations.Budgets(written, ttft, slo),
        promptCache,
        new Declarations.Deployment(deployment.power(element), deployment.cost(element)));
  }

  /** The check of money budgets against {@code @Cost(currency)}, which needs the merged settings. */
  DeploymentReader deployment() {
    return deployment;
  }

  /** The checks of {@code @Slo} and {@code @SaturationSearch} that need the merged settings. */
  SloSearchReader sloSearch() {
    return sloSearch;
  }

  /** The mode as an enum constant; javac has already checked it is one. */
  private Optional<PromptCache.Mode> promptCache(AnnotationMirror mirror) {
    return annotations.value(mirror, "value").getValue() instanceof javax.lang.model.element.VariableElement constant
        ? Optional.of(PromptCache.Mode.valueOf(constant.getSimpleName().toString()))
        : Optional.empty();
  }

  /**
   * An adaptive ceiling, which must leave room above the requests measured first; {@code adaptive =
   * false} fixes it at {@code requests} (a fixed count is a ceiling equal to the start). Unset, the
   * framework derives it from the percentile budgets the case must decide.
   */
  private Optional<Integer> maxRequests(Element element, AnnotationMirror mirror) {
    Optional<Integer> max = count(element, mirror, "maxRequests", 0,
        "@Measurement(maxRequests = %d) is negative; leave it out (or 0) to let the budgets decide it");
    Optional<Integer> requests = asInt(annotations.value(mirror, "requests"));
    Optional<AnnotationValue> adaptive = Annotations.explicitValue(mirror, "adaptive");
    if (adaptive.isPresent() && Boolean.FALSE.equals(adaptive.get().getValue())) {
      if (max.isPresent() && max.get() > 0 && requests.isPresent() && !max.get().equals(requests.get())) {
        reporter.error(element, mirror, adaptive.get(),
            "@Measurement(adaptive = false) measures exactly requests = " + requests.get() + ", but maxRequests = "
                + max.get() + " asks for more; remove maxRequests, or adaptive = false");
      }
      return requests;
    }
    if (max.isPresent() && max.get() > 0 && requests.isPresent() && max.get() < requests.get()) {
      reporter.error(element, mirror, annotations.value(mirror, "maxRequests"),
          "@Measurement(maxRequests = " + max.get() + ") is below requests = " + requests.get()
              + "; raise it to at least " + requests.get() + ", or write adaptive = false to measure exactly " + requests.get());
    }
    return max.filter(n -> n > 0);
  }

  private Declarations.Endpoint endpoint(Element element, AnnotationMirror mirror) {
    AnnotationValue urlValue = annotations.value(mirror, "url");
    String url = asString(urlValue).orElse("");
    boolean builtIn = url.equals(Defaults.EMBEDDED_ENDPOINT) || url.equals(Defaults.SIMULATED_ENDPOINT);
    if (!url.isEmpty() && !builtIn && !isHttpUrl(url)) {
      reporter.error(element, mirror, urlValue,
          "@Endpoint url \"" + url + "\" is not an http(s) URL; write e.g. \"http://localhost:11434/v1\", \""
              + Defaults.EMBEDDED_ENDPOINT + "\" for the built-in llama.cpp server or \""
              + Defaults.SIMULATED_ENDPOINT + "\" for the simulator");
    } else if (EndpointUrl.hasUserInfo(url)) {
      reporter.error(element, mirror, urlValue,
          "@Endpoint url carries user:password@, which would be committed with the source; write \""
              + EndpointUrl.parse(url).shown() + "\" and give the credentials at run time"
              + " (-Dllmh.endpoint=http://user:password@... or LLMH_ENDPOINT, or LLMH_API_KEY for a bearer key)");
    }
    List<String> models = models(element, mirror);
    AnnotationValue apiValue = annotations.value(mirror, "api");
    String api = asString(apiValue).orElse("");
    if (!api.isEmpty() && Api.byKey(api).isEmpty()) {
      reporter.error(element, mirror, apiValue,
          "@Endpoint api \"" + api + "\" is not one of " + Api.keys()
              + "; leave it out to detect it from the URL");
    }
    return new Declarations.Endpoint(url.isEmpty() ? null : url, models.isEmpty() ? null : models, api.isEmpty() ? null : api,
        options(element, mirror));
  }

  /**
   * {@code @Endpoint(model)}: one name, or several compared side by side. An empty name would send
   * no model (the server's choice) and a repeated one would measure the same cases twice.
   */
  private List<String> models(Element element, AnnotationMirror mirror) {
    List<String> models = new ArrayList<>();
    for (AnnotationValue item : asList(annotations.value(mirror, "model"))) {
      Optional<String> name = asString(item);
      if (name.isEmpty()) {
        continue; // not a String: javac has reported it already
      }
      String model = name.get().strip();
      if (model.isEmpty()) {
        reporter.error(element, mirror, item,
            "@Endpoint model \"" + name.get() + "\" is blank; name a model, e.g. \"qwen2.5:7b-instruct\", or leave model out"
                + " to use -Dllmh.model (the embedded server's own model when neither is set)");
      } else if (models.contains(model)) {
        reporter.error(element, mirror, item,
            "@Endpoint lists model \"" + model + "\" twice; remove one (each model is a case)");
      }
      models.add(model);
    }
    return models.stream().filter(m -> !m.isEmpty()).distinct().toList();
  }

  /** {@code @Endpoint(options)}: each {@code key=value}, each key once. */
  private List<String> options(Element element, AnnotationMirror mirror) {
    List<String> options = new ArrayList<>();
    Set<String> keys = new HashSet<>();
    for (AnnotationValue item : asList(annotations.value(mirror, "options"))) {
      Optional<String> option = asString(item);
      if (option.isEmpty()) {
        continue;
      }
      String problem = ServerOptions.problem(option.get());
      if (problem != null) {
        reporter.error(element, mirror, item, "@Endpoint " + problem);
        continue;
      }
      String key = option.get().substring(0, option.get().indexOf('=')).strip();
      if (!keys.add(key)) {
        reporter.error(element, mirror, item, "@Endpoint option '" + key + "' is given twice; keep one");
      }
      options.add(option.get());
    }
    return options;
  }

  private static boolean isHttpUrl(String url) {
    String lower = url.toLowerCase(Locale.ROOT);
    return lower.startsWith("http://") || lower.startsWith("https://");
  }

  /** An int attribute that must be at least {@code min}; the message format receives the value. */
  private Optional<Integer> count(Element element, AnnotationMirror mirror, String attribute, int min, String format) {
    AnnotationValue value = annotations.value(mirror, attribute);
    Optional<Integer> n = asInt(value);
    if (n.isPresent() && n.get() < min) {
      reporter.error(element, mirror, value, String.format(format, n.get()));
    }
    return n;
  }

  private Optional<Declarations.Sampling> sampling(Element element, AnnotationMirror mirror) {
    AnnotationValue temperatureValue = annotations.value(mirror, "temperature");
    Object temperature = temperatureValue.getValue();
    Object seed = annotations.value(mirror, "seed").getValue();
    if (!(temperature instanceof Double t) || !(seed instanceof Long s)) {
      return Optional.empty();
    }
    if (!Double.isFinite(t) || t < 0) {
      reporter.error(element, mirror, temperatureValue,
          "@Sampling(temperature = " + t + ") must be a finite number of at least 0 (0 is greedy decoding)");
    }
    return Optional.of(new Declarations.Sampling(t, s));
  }

  private List<Integer> concurrency(Element element, AnnotationMirror mirror) {
    AnnotationValue attribute = annotations.value(mirror, "value");
    List<AnnotationValue> items = asList(attribute);
    if (items.isEmpty()) {
      reporter.error(element, mirror, attribute,
          "@Concurrency has no levels; list at least one, e.g. @Concurrency({1, 4})");
    }
    List<Integer> levels = new ArrayList<>();
    for (AnnotationValue item : items) {
      Optional<Integer> level = asInt(item);
      if (level.isEmpty()) {
        continue;
      }
      int n = level.get();
      if (n < 1) {
        reporter.error(element, mirror, item,
            "@Concurrency level " + n + " must be at least 1 (the number of requests kept in flight)");
      } else if (levels.contains(n)) {
        reporter.error(element, mirror, item, "@Concurrency lists " + n + " twice; remove one (each level is a case)");
      }
      levels.add(n);
    }
    return levels;
  }

  /** Settings on a member that is not a prompt would be silently ignored. */
  void reportStray(Element member) {
    for (AnnotationMirror mirror : settingsMirrors(member)) {
      String annotation = "@" + mirror.getAnnotationType().asElement().getSimpleName();
      reporter.error(member, mirror,
          annotation + " on '" + member.getSimpleName() + "' has no effect: on a member, settings apply only to "
              + "a @Prompt; add @Prompt to it or move " + annotation + " to the class");
    }
  }

  private List<AnnotationMirror> settingsMirrors(Element element) {
    Set<String> names = new HashSet<>();
    SETTINGS.forEach(a -> names.add(a.getCanonicalName()));
    return element.getAnnotationMirrors().stream()
        .filter(m -> names.contains(Annotations.nameOf(m)))
        .collect(Collectors.toList());
  }
}
