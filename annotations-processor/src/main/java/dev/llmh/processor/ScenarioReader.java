package dev.llmh.processor;

import static dev.llmh.processor.Annotations.asAnnotation;
import static dev.llmh.processor.Annotations.asInt;
import static dev.llmh.processor.Annotations.asList;
import static dev.llmh.processor.Annotations.asString;
import static dev.llmh.processor.Annotations.explicitValue;
import static dev.llmh.processor.Annotations.find;

import dev.llmh.annotations.Concurrency;
import dev.llmh.annotations.Constraint;
import dev.llmh.annotations.Constraints;
import dev.llmh.annotations.Endpoint;
import dev.llmh.annotations.LlmBenchmark;
import dev.llmh.annotations.MaxTokens;
import dev.llmh.annotations.Measurement;
import dev.llmh.annotations.Param;
import dev.llmh.annotations.Prompt;
import dev.llmh.annotations.Sampling;
import dev.llmh.annotations.Ttft;
import dev.llmh.annotations.Warmup;
import dev.llmh.config.Defaults;
import dev.llmh.constraint.ConstraintException;
import dev.llmh.constraint.ConstraintExpression;
import dev.llmh.constraint.ConstraintParser;
import dev.llmh.plan.DeclaredSettings;
import dev.llmh.processor.generator.Declarations;
import dev.llmh.processor.generator.ParamModel;
import dev.llmh.processor.generator.ParamType;
import dev.llmh.processor.generator.PromptModel;
import dev.llmh.processor.generator.ScenarioModel;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Turns one {@code @LlmBenchmark} class into a {@link ScenarioModel}, reporting every problem it
 * finds on the way. It keeps going after an error so that one compile shows them all, and returns
 * a model only for a class without errors: a runner generated from a broken class would add
 * confusing follow-up errors.
 */
final class ScenarioReader {

  /** Annotations that configure a case; legal on the class and on {@code @Prompt} members. */
  static final List<Class<?>> SETTINGS =
      List.of(
          Endpoint.class, Warmup.class, Measurement.class, Sampling.class, MaxTokens.class,
          Concurrency.class, Constraint.class, Constraints.class, Ttft.class);

  /** Every annotation the processor answers for. */
  static final List<Class<?>> ALL = concat(List.of(LlmBenchmark.class, Prompt.class, Param.class), SETTINGS);

  private static final List<String> TTFT_STATS = List.of("p50", "p90", "p95", "p99");

  private final Elements elements;
  private final Types types;
  private final Annotations annotations;
  private final Reporter reporter;

  ScenarioReader(ProcessingEnvironment env, Reporter reporter) {
    this.elements = env.getElementUtils();
    this.types = env.getTypeUtils();
    this.annotations = new Annotations(elements);
    this.reporter = reporter;
  }

  /** A prompt member while it is being read; the element stays for diagnostics. */
  private record PromptSource(
      Element element, AnnotationMirror mirror, AnnotationValue explicitName, String name,
      boolean method, boolean isStatic, boolean throwsChecked, Declarations declarations) {}

  Optional<ScenarioModel> read(TypeElement type) {
    int errorsBefore = reporter.errorCount();
    AnnotationMirror benchmark = find(type, LlmBenchmark.class).orElseThrow();
    if (!checkClass(type, benchmark)) {
      return Optional.empty();
    }
    Declarations classDeclarations = readDeclarations(type);

    List<PromptSource> prompts = new ArrayList<>();
    List<ParamModel> params = new ArrayList<>();
    boolean anyPromptMember = false;
    for (Element member : type.getEnclosedElements()) {
      if (member.getKind() != ElementKind.FIELD && member.getKind() != ElementKind.METHOD) {
        continue; // a nested class is a scenario of its own, or not one
      }
      Optional<AnnotationMirror> prompt = find(member, Prompt.class);
      Optional<AnnotationMirror> param = find(member, Param.class);
      if (prompt.isPresent() && param.isPresent()) {
        reporter.error(member, param.get(),
            "'" + member.getSimpleName() + "' is both a @Prompt and a @Param; a field is one or the other: "
                + "remove one of the two annotations");
        continue;
      }
      if (prompt.isPresent()) {
        anyPromptMember = true;
        readPrompt(member, prompt.get()).ifPresent(prompts::add);
      } else {
        reportStraySettings(member);
      }
      if (param.isPresent() && member instanceof VariableElement field) {
        readParam(field, param.get()).ifPresent(params::add);
      }
    }
    if (!anyPromptMember) {
      reporter.error(type, benchmark,
          "@LlmBenchmark class " + type.getSimpleName() + " has no @Prompt; add a String field or a "
              + "no-argument method returning String annotated @Prompt");
    }
    checkUniqueNames(prompts);

    List<PromptModel> models = new ArrayList<>();
    for (PromptSource p : prompts) {
      DeclaredSettings settings = classDeclarations.overriddenBy(p.declarations()).toSettings();
      models.add(new PromptModel(p.name(), p.element().getSimpleName().toString(), p.method(), p.isStatic(),
          p.throwsChecked(), settings));
    }
    warnAboutFewRequests(type, prompts, models);
    warnAboutUndecidableBudgets(type, prompts, models);

    if (reporter.errorCount() > errorsBefore) {
      return Optional.empty();
    }
    return Optional.of(new ScenarioModel(
        elements.getPackageOf(type).getQualifiedName().toString(),
        elements.getBinaryName(type).toString(),
        type.getQualifiedName().toString(),
        models, params));
  }

  /**
   * An LLMH annotation outside any {@code @LlmBenchmark} class does nothing; saying so beats a
   * benchmark that silently never runs.
   */
  void checkOwner(Element element) {
    Element owner = element instanceof TypeElement ? element : element.getEnclosingElement();
    if (owner == null || find(owner, LlmBenchmark.class).isPresent()) {
      return;
    }
    AnnotationMirror first = element.getAnnotationMirrors().stream()
        .filter(m -> ALL.stream().anyMatch(a -> a.getCanonicalName().equals(Annotations.nameOf(m))))
        .findFirst()
        .orElseThrow();
    String annotation = "@" + first.getAnnotationType().asElement().getSimpleName();
    String where = element == owner
        ? "class " + owner.getSimpleName()
        : "'" + element.getSimpleName() + "' in class " + owner.getSimpleName();
    reporter.error(element, first,
        annotation + " on " + where + " has no effect without @LlmBenchmark; add @LlmBenchmark to the class");
  }

  // ---- the class ----------------------------------------------------------------------------

  /** False when the class cannot hold a scenario at all, so that reading its members is pointless. */
  private boolean checkClass(TypeElement type, AnnotationMirror benchmark) {
    String name = type.getSimpleName().toString();
    if (type.getKind() != ElementKind.CLASS) {
      reporter.error(type, benchmark,
          "@LlmBenchmark goes on a class, but " + name + " is " + kindName(type.getKind())
              + "; declare it as a class, which the runner can instantiate");
      return false;
    }
    if (type.getModifiers().contains(Modifier.ABSTRACT)) {
      reporter.error(type, benchmark,
          "@LlmBenchmark class " + name + " is abstract; remove abstract so the runner can create an instance");
    }
    if (type.getNestingKind() == NestingKind.MEMBER && !type.getModifiers().contains(Modifier.STATIC)) {
      reporter.error(type, benchmark,
          "@LlmBenchmark class " + name + " is an inner class; make it static (or top-level) so the runner "
              + "can create it without an enclosing instance");
    } else if (type.getNestingKind() == NestingKind.LOCAL || type.getNestingKind() == NestingKind.ANONYMOUS) {
      reporter.error(type, benchmark,
          "@LlmBenchmark class " + name + " is local; move it to top level or make it a static nested class");
    }
    for (Element e = type; e instanceof TypeElement; e = e.getEnclosingElement()) {
      if (e.getModifiers().contains(Modifier.PRIVATE)) {
        String which = e == type ? "@LlmBenchmark class " + name : "its enclosing class " + e.getSimpleName();
        reporter.error(type, benchmark,
            which + " is private; make it package-private (or public) so the generated runner in the same "
                + "package can use it");
      }
    }
    if (!type.getTypeParameters().isEmpty()) {
      reporter.error(type, benchmark,
          "@LlmBenchmark class " + name + " has type parameters; remove them, the runner has no type "
              + "arguments to supply");
    }
    checkConstructor(type, benchmark);
    return true;
  }

  private void checkConstructor(TypeElement type, AnnotationMirror benchmark) {
    Optional<ExecutableElement> noArg = ElementFilter.constructorsIn(type.getEnclosedElements()).stream()
        .filter(c -> c.getParameters().isEmpty())
        .findFirst();
    if (noArg.isEmpty()) {
      reporter.error(type, benchmark,
          "@LlmBenchmark class " + type.getSimpleName() + " has no no-argument constructor; add one "
              + "(parameters come from @Param fields, which the runner sets after construction)");
      return;
    }
    ExecutableElement constructor = noArg.get();
    if (constructor.getModifiers().contains(Modifier.PRIVATE)) {
      reporter.error(constructor,
          "the no-argument constructor of @LlmBenchmark class " + type.getSimpleName()
              + " is private; make it package-private so the generated runner can call it");
    }
    List<String> checked = checkedExceptions(constructor);
    if (!checked.isEmpty()) {
      reporter.error(constructor,
          "the no-argument constructor of @LlmBenchmark class " + type.getSimpleName() + " declares "
              + String.join(", ", checked) + "; handle it inside the constructor (the runner's "
              + "prompt() declares no checked exceptions)");
    }
  }

  // ---- members ------------------------------------------------------------------------------

  private Optional<PromptSource> readPrompt(Element member, AnnotationMirror prompt) {
    int errorsBefore = reporter.errorCount();
    String memberName = member.getSimpleName().toString();
    if (member.getModifiers().contains(Modifier.PRIVATE)) {
      reporter.error(member, prompt,
          "@Prompt '" + memberName + "' is private; make it package-private (or public) so the generated "
              + "runner can read it without reflection");
    }
    boolean method = member.getKind() == ElementKind.METHOD;
    boolean throwsChecked = false;
    if (member instanceof ExecutableElement executable) {
      if (!isString(executable.getReturnType())) {
        reporter.error(member, prompt,
            "@Prompt method " + memberName + "() returns " + executable.getReturnType()
                + "; make it return String, the text sent to the model");
      }
      if (!executable.getParameters().isEmpty()) {
        reporter.error(member, prompt,
            "@Prompt method " + memberName + "() takes parameters; remove them (a prompt method takes no "
                + "arguments; read inputs from @Param fields instead)");
      }
      throwsChecked = !checkedExceptions(executable).isEmpty();
    } else if (!isString(member.asType())) {
      reporter.error(member, prompt,
          "@Prompt field '" + memberName + "' is of type " + member.asType()
              + "; declare it as String, the text sent to the model");
    }

    Optional<AnnotationValue> explicitName = explicitValue(prompt, "name");
    String name = explicitName.flatMap(Annotations::asString).filter(n -> !n.isEmpty()).orElse(memberName);
    if (name.isBlank()) {
      reporter.error(member, prompt, explicitName.orElseThrow(),
          "@Prompt name is blank; write a name, or leave it out to use '" + memberName + "'");
    }
    Declarations declarations = readDeclarations(member);
    if (reporter.errorCount() > errorsBefore) {
      return Optional.empty();
    }
    return Optional.of(new PromptSource(member, prompt, explicitName.orElse(null), name, method,
        member.getModifiers().contains(Modifier.STATIC), throwsChecked, declarations));
  }

  private void checkUniqueNames(List<PromptSource> prompts) {
    Map<String, PromptSource> seen = new HashMap<>();
    for (PromptSource p : prompts) {
      PromptSource earlier = seen.putIfAbsent(p.name(), p);
      if (earlier == null) {
        continue;
      }
      String message = "prompt name '" + p.name() + "' is already used by '" + earlier.element().getSimpleName()
          + "'; give this one a different @Prompt(name = \"...\")";
      if (p.explicitName() != null) {
        reporter.error(p.element(), p.mirror(), p.explicitName(), message);
      } else {
        reporter.error(p.element(), p.mirror(), message);
      }
    }
  }

  private Optional<ParamModel> readParam(VariableElement field, AnnotationMirror param) {
    int errorsBefore = reporter.errorCount();
    String name = field.getSimpleName().toString();
    Set<Modifier> modifiers = field.getModifiers();
    if (modifiers.contains(Modifier.PRIVATE)) {
      reporter.error(field, param,
          "@Param '" + name + "' is private; make it package-private (or public) so the generated runner "
              + "can set it without reflection");
    }
    if (modifiers.contains(Modifier.FINAL)) {
      reporter.error(field, param, "@Param '" + name + "' is final; remove final so the runner can set each value");
    }
    if (modifiers.contains(Modifier.STATIC)) {
      reporter.error(field, param,
          "@Param '" + name + "' is static; make it an instance field, since each case gets its own "
              + "scenario instance and a static field would be shared between them");
    }
    Optional<ParamType> type = paramType(field.asType());
    if (type.isEmpty()) {
      reporter.error(field, param,
          "@Param '" + name + "' is of type " + field.asType() + "; declare it as String, int, long, double "
              + "or boolean (or a boxed Integer, Long, Double, Boolean)");
    }

    AnnotationValue valuesAttribute = annotations.value(param, "value");
    List<AnnotationValue> items = asList(valuesAttribute);
    if (items.isEmpty()) {
      reporter.error(field, param, valuesAttribute,
          "@Param '" + name + "' has no values; list at least one, e.g. @Param({\"1\", \"2\"})");
    }
    List<String> values = new ArrayList<>();
    for (AnnotationValue item : items) {
      Optional<String> value = asString(item);
      if (value.isEmpty()) {
        continue; // not a String: javac has reported it already
      }
      String v = value.get();
      if (values.contains(v)) {
        reporter.error(field, param, item,
            "@Param '" + name + "' lists \"" + v + "\" twice; remove one (each value is a case)");
      }
      Optional<String> problem = type.flatMap(t -> t.problem(v));
      if (problem.isPresent()) {
        reporter.error(field, param, item,
            "@Param '" + name + "' value \"" + v + "\" is not a valid " + type.get().javaName() + "; "
                + problem.get());
      }
      values.add(v);
    }
    if (reporter.errorCount() > errorsBefore) {
      return Optional.empty();
    }
    return Optional.of(new ParamModel(name, type.orElseThrow(), values));
  }

  /** Settings on a member that is not a prompt would be silently ignored. */
  private void reportStraySettings(Element member) {
    for (AnnotationMirror mirror : settingsMirrors(member)) {
      String annotation = "@" + mirror.getAnnotationType().asElement().getSimpleName();
      reporter.error(member, mirror,
          annotation + " on '" + member.getSimpleName() + "' has no effect: on a member, settings apply only to "
              + "a @Prompt; add @Prompt to it or move " + annotation + " to the class");
    }
  }

  // ---- settings -----------------------------------------------------------------------------

  /** Reads and checks the settings annotations on the class or a prompt member. */
  private Declarations readDeclarations(Element element) {
    return new Declarations(
        find(element, Endpoint.class).map(m -> endpoint(element, m)).orElse(null),
        find(element, Warmup.class)
            .flatMap(m -> count(element, m, "requests", 0,
                "@Warmup(requests = %d) is negative; use 0 to skip warm-up, or a positive count"))
            .orElse(null),
        find(element, Measurement.class)
            .flatMap(m -> count(element, m, "requests", 1,
                "@Measurement(requests = %d) must be at least 1: a case needs measured requests"))
            .orElse(null),
        find(element, Sampling.class).flatMap(m -> sampling(element, m)).orElse(null),
        find(element, MaxTokens.class)
            .flatMap(m -> count(element, m, "value", 1,
                "@MaxTokens(%d) must be at least 1: the model has to generate a token to be measured"))
            .orElse(null),
        find(element, Concurrency.class).map(m -> concurrency(element, m)).orElse(null),
        constraints(element),
        find(element, Ttft.class).map(m -> ttft(element, m)).orElse(null),
        find(element, Measurement.class).flatMap(m -> maxRequests(element, m)).orElse(null));
  }

  /** An adaptive ceiling, which must leave room above the requests measured first. */
  private Optional<Integer> maxRequests(Element element, AnnotationMirror mirror) {
    Optional<Integer> max = count(element, mirror, "maxRequests", 0,
        "@Measurement(maxRequests = %d) is negative; leave it out (or 0) to measure a fixed number");
    Optional<Integer> requests = asInt(annotations.value(mirror, "requests"));
    if (max.isPresent() && max.get() > 0 && requests.isPresent() && max.get() < requests.get()) {
      reporter.error(element, mirror, annotations.value(mirror, "maxRequests"),
          "@Measurement(maxRequests = " + max.get() + ") is below requests = " + requests.get()
              + "; raise it to at least " + requests.get() + ", or leave it out to measure exactly " + requests.get());
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
    } else if (dev.llmh.config.EndpointUrl.hasUserInfo(url)) {
      reporter.error(element, mirror, urlValue,
          "@Endpoint url carries user:password@, which would be committed with the source; write \""
              + dev.llmh.config.EndpointUrl.parse(url).shown() + "\" and give the credentials at run time"
              + " (-Dllmh.endpoint=http://user:password@... or LLMH_ENDPOINT, or LLMH_API_KEY for a bearer key)");
    }
    String model = asString(annotations.value(mirror, "model")).orElse("");
    AnnotationValue apiValue = annotations.value(mirror, "api");
    String api = asString(apiValue).orElse("");
    if (!api.isEmpty() && dev.llmh.client.Api.byKey(api).isEmpty()) {
      reporter.error(element, mirror, apiValue,
          "@Endpoint api \"" + api + "\" is not one of " + dev.llmh.client.Api.keys()
              + "; leave it out to detect it from the URL");
    }
    return new Declarations.Endpoint(url.isEmpty() ? null : url, model.isEmpty() ? null : model, api.isEmpty() ? null : api);
  }

  private static boolean isHttpUrl(String url) {
    String lower = url.toLowerCase(java.util.Locale.ROOT);
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

  /**
   * The {@code @Constraint} texts, or null when there is none. Repeated {@code @Constraint}s arrive
   * wrapped in one {@code @Constraints} container, so both shapes are read.
   */
  private List<String> constraints(Element element) {
    List<String> texts = null;
    for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
      String name = Annotations.nameOf(mirror);
      boolean container = name.equals(Constraints.class.getCanonicalName());
      List<AnnotationMirror> singles = new ArrayList<>();
      if (name.equals(Constraint.class.getCanonicalName())) {
        singles.add(mirror);
      } else if (container) {
        for (AnnotationValue item : asList(annotations.value(mirror, "value"))) {
          asAnnotation(item).ifPresent(singles::add);
        }
      } else {
        continue;
      }
      texts = texts == null ? new ArrayList<>() : texts;
      for (int i = 0; i < singles.size(); i++) {
        AnnotationMirror single = singles.get(i);
        AnnotationValue value = annotations.value(single, "value");
        Optional<String> text = asString(value);
        if (text.isEmpty()) {
          continue;
        }
        Optional<String> problem = constraintProblem(text.get(), "");
        if (problem.isPresent() && container) {
          reporter.errorOnRepetition(
              element, Constraint.class.getCanonicalName(), i, single, value, problem.get());
        } else if (problem.isPresent()) {
          reporter.error(element, single, value, problem.get());
        }
        texts.add(text.get());
      }
    }
    return texts;
  }

  /** {@code @Ttft(p95 = "2s")} as constraint texts, each checked like a {@code @Constraint}. */
  private List<String> ttft(Element element, AnnotationMirror mirror) {
    List<String> texts = new ArrayList<>();
    for (String stat : TTFT_STATS) {
      Optional<AnnotationValue> value = explicitValue(mirror, stat);
      Optional<String> budget = value.flatMap(Annotations::asString).filter(s -> !s.isEmpty());
      if (budget.isPresent()) {
        String text = Declarations.ttftConstraint(stat, budget.get());
        constraintProblem(text, "@Ttft(" + stat + " = \"" + budget.get() + "\"): ")
            .ifPresent(problem -> reporter.error(element, mirror, value.get(), problem));
        texts.add(text);
      }
    }
    return texts;
  }

  /** The grammar's complaint, or the reason the constraint cannot be judged yet; prefixed. */
  private static Optional<String> constraintProblem(String text, String prefix) {
    try {
      ConstraintExpression expression = ConstraintParser.parse(text);
      return expression.unsupportedReason().map(reason -> prefix + "\"" + text + "\": " + reason);
    } catch (ConstraintException e) {
      return Optional.of(prefix + e.getMessage());
    }
  }

  // ---- warnings -----------------------------------------------------------------------------

  /**
   * With fewer than two measured requests per worker, most of a closed loop's requests start
   * together, so the percentiles mostly describe a cold burst. Reported once per place to fix it:
   * the prompt member when it sets its own counts, else the class.
   */
  private void warnAboutFewRequests(TypeElement type, List<PromptSource> sources, List<PromptModel> models) {
    Map<Element, List<String>> byPlace = new LinkedHashMap<>();
    Map<Element, String> detail = new HashMap<>();
    for (int i = 0; i < models.size(); i++) {
      DeclaredSettings s = models.get(i).settings();
      int measured = s.measuredRequests() != null ? s.measuredRequests() : Defaults.MEASURED_REQUESTS;
      List<Integer> levels = s.concurrency() != null ? s.concurrency() : Defaults.CONCURRENCY;
      int maxConcurrency = levels.isEmpty() ? 1 : Collections.max(levels);
      if (measured >= 2 * maxConcurrency) {
        continue;
      }
      Declarations own = sources.get(i).declarations();
      Element place = own.measuredRequests() != null || own.concurrency() != null ? sources.get(i).element() : type;
      byPlace.computeIfAbsent(place, p -> new ArrayList<>()).add(models.get(i).name());
      detail.put(place, measured + " measured requests at concurrency " + maxConcurrency
          + "; measure at least " + 2 * maxConcurrency + " (2 × concurrency) with @Measurement(requests = "
          + 2 * maxConcurrency + ")");
    }
    for (Map.Entry<Element, List<String>> entry : byPlace.entrySet()) {
      Element place = entry.getKey();
      AnnotationMirror mirror = find(place, Measurement.class)
          .or(() -> find(place, Concurrency.class))
          .orElseGet(() -> find(type, LlmBenchmark.class).orElseThrow());
      String prompts = entry.getValue().stream().map(n -> "'" + n + "'").collect(Collectors.joining(", "));
      reporter.warning(place, mirror,
          "prompt " + prompts + ": " + detail.get(place) + ", else most requests start in one cold burst and "
              + "the percentiles describe start-up");
    }
  }

  /**
   * A percentile budget judged on a sample too small to bound it is INCONCLUSIVE on every run: an
   * upper budget on p95 needs 59 requests before it can PASS at 95% (0.95^59 <= 0.05), p99 299.
   * Said at compile time, where the request count is written, not after a run that teaches nothing.
   */
  private void warnAboutUndecidableBudgets(TypeElement type, List<PromptSource> sources, List<PromptModel> models) {
    double alpha = 1 - Defaults.CONFIDENCE;
    for (int i = 0; i < models.size(); i++) {
      DeclaredSettings s = models.get(i).settings();
      int measured = s.measuredRequests() != null ? s.measuredRequests() : Defaults.MEASURED_REQUESTS;
      if (s.maxRequests() != null) {
        measured = Math.max(measured, s.maxRequests());
      }
      for (String text : s.constraints()) {
        ConstraintExpression c;
        try {
          c = ConstraintParser.parse(text);
        } catch (ConstraintException e) {
          continue; // reported as an error elsewhere
        }
        if (c.stat() == null || c.metric() == dev.llmh.constraint.Metric.ITL
            || !java.util.EnumSet.of(dev.llmh.constraint.Stat.P50, dev.llmh.constraint.Stat.P90,
                dev.llmh.constraint.Stat.P95, dev.llmh.constraint.Stat.P99).contains(c.stat())) {
          continue;
        }
        double q = dev.llmh.stats.MetricSample.quantile(c.stat());
        boolean upper = c.comparison() == dev.llmh.constraint.Comparison.LESS
            || c.comparison() == dev.llmh.constraint.Comparison.LESS_OR_EQUAL;
        int needed = upper ? dev.llmh.stats.OrderStatistics.samplesForUpper(q, alpha)
            : dev.llmh.stats.OrderStatistics.samplesForLower(q, alpha);
        if (measured >= needed) {
          continue;
        }
        Element place = sources.get(i).element();
        AnnotationMirror mirror = find(place, Measurement.class)
            .or(() -> find(type, Measurement.class))
            .orElseGet(() -> find(type, LlmBenchmark.class).orElseThrow());
        reporter.warning(place, mirror,
            "prompt '" + models.get(i).name() + "': \"" + text + "\" cannot PASS on " + measured + " requests: "
                + needed + " are needed to show " + c.subject() + (upper ? " below" : " above") + " a budget at "
                + Math.round(Defaults.CONFIDENCE * 100) + "%; raise @Measurement(requests) or set maxRequests,"
                + " or budget a lower percentile (p50 needs 5)");
      }
    }
  }

  // ---- helpers ------------------------------------------------------------------------------

  private List<AnnotationMirror> settingsMirrors(Element element) {
    Set<String> names = new HashSet<>();
    SETTINGS.forEach(a -> names.add(a.getCanonicalName()));
    return element.getAnnotationMirrors().stream()
        .filter(m -> names.contains(Annotations.nameOf(m)))
        .collect(Collectors.toList());
  }

  private boolean isString(TypeMirror type) {
    return types.isSameType(type, elements.getTypeElement("java.lang.String").asType());
  }

  private Optional<ParamType> paramType(TypeMirror type) {
    TypeMirror t = type.getKind().isPrimitive() ? type : unboxedOrSelf(type);
    return switch (t.getKind()) {
      case INT -> Optional.of(ParamType.INT);
      case LONG -> Optional.of(ParamType.LONG);
      case DOUBLE -> Optional.of(ParamType.DOUBLE);
      case BOOLEAN -> Optional.of(ParamType.BOOLEAN);
      case DECLARED -> isString(t) ? Optional.of(ParamType.STRING) : Optional.empty();
      default -> Optional.empty();
    };
  }

  private TypeMirror unboxedOrSelf(TypeMirror type) {
    if (type.getKind() != TypeKind.DECLARED) {
      return type;
    }
    try {
      return types.unboxedType(type);
    } catch (IllegalArgumentException notBoxed) {
      return type;
    }
  }

  /** Declared exceptions the caller must handle, i.e. neither RuntimeException nor Error. */
  private List<String> checkedExceptions(ExecutableElement executable) {
    TypeMirror runtime = elements.getTypeElement("java.lang.RuntimeException").asType();
    TypeMirror error = elements.getTypeElement("java.lang.Error").asType();
    return executable.getThrownTypes().stream()
        .filter(t -> !types.isSubtype(t, runtime) && !types.isSubtype(t, error))
        .map(TypeMirror::toString)
        .collect(Collectors.toList());
  }

  private static String kindName(ElementKind kind) {
    return switch (kind) {
      case INTERFACE -> "an interface";
      case ENUM -> "an enum";
      case ANNOTATION_TYPE -> "an annotation type";
      default -> kind.name().equals("RECORD") ? "a record" : "a " + kind.name().toLowerCase(java.util.Locale.ROOT);
    };
  }

  private static List<Class<?>> concat(List<Class<?>> a, List<Class<?>> b) {
    List<Class<?>> all = new ArrayList<>(a);
    all.addAll(b);
    return List.copyOf(all);
  }
}
