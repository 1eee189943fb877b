package dev.llmh.processor;

import static dev.llmh.processor.Annotations.find;

import dev.llmh.annotations.Conversation;
import dev.llmh.annotations.LlmBenchmark;
import dev.llmh.annotations.Param;
import dev.llmh.annotations.Prompt;
import dev.llmh.annotations.PromptFile;
import dev.llmh.annotations.SyntheticPrompt;
import dev.llmh.annotations.SystemPrompt;
import dev.llmh.processor.generator.CheckModel;
import dev.llmh.processor.generator.Declarations;
import dev.llmh.processor.generator.ParamModel;
import dev.llmh.processor.generator.PromptModel;
import dev.llmh.processor.generator.ScenarioModel;
import dev.llmh.runner.DeclaredSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.Elements;

/**
 * Turns one {@code @LlmBenchmark} class into a {@link ScenarioModel}, reporting every problem it
 * finds on the way. It keeps going after an error so that one compile shows them all, and returns
 * a model only for a class without errors: a runner generated from a broken class would add
 * confusing follow-up errors.
 *
 * <p>This class walks the scenario; each family of annotations has its own reader:
 * {@link ClassChecks} for the class itself, {@link PromptReader}, {@link ParamReader},
 * {@link SettingsReader} (with {@link ConstraintReader} for budgets), and
 * {@link RequestCountWarnings} once the settings are merged.
 */
final class ScenarioReader {

  /** Every annotation the processor answers for. */
  static final List<Class<?>> ALL =
      concat(List.of(LlmBenchmark.class, Prompt.class, Param.class, SyntheticPrompt.class, Conversation.class,
          SystemPrompt.class, PromptFile.class, dev.llmh.annotations.Tools.class,
          dev.llmh.annotations.ToolResult.class, dev.llmh.annotations.Judge.class, dev.llmh.annotations.Compare.class),
          concat(SettingsReader.SETTINGS, concat(CheckReader.ANNOTATIONS, List.of(dev.llmh.annotations.ResponseFormat.class))));

  private final Elements elements;
  private final Reporter reporter;
  private final ClassChecks classChecks;
  private final SettingsReader settings;
  private final PromptReader prompts;
  private final ParamReader params;
  private final RequestCountWarnings warnings;
  private final ScenarioMembers members;
  private final SystemPromptReader systemPrompts;
  private final PromptFileReader promptFiles;
  private final ConversationChecks conversations;
  private final SyntheticPromptReader synthetic;
  private final CheckReader checks;
  private final JudgeReader judges;
  private final ResponseFormatReader responseFormats;
  private final CompareReader compares;
  private final ServerReader servers;
  private final BudgetNeeds budgetNeeds;

  ScenarioReader(ProcessingEnvironment env, Reporter reporter) {
    this.elements = env.getElementUtils();
    this.reporter = reporter;
    JavaTypes javaTypes = new JavaTypes(env);
    Annotations annotations = new Annotations(elements);
    this.classChecks = new ClassChecks(javaTypes, reporter);
    this.settings = new SettingsReader(annotations, reporter);
    this.prompts = new PromptReader(javaTypes, settings, reporter);
    this.params = new ParamReader(javaTypes, annotations, reporter);
    this.warnings = new RequestCountWarnings(reporter);
    this.members = new ScenarioMembers(elements, reporter);
    this.promptFiles = new PromptFileReader(annotations, reporter);
    this.systemPrompts = new SystemPromptReader(javaTypes, new VolatileCalls(Reporter.treesOrNull(env)), reporter);
    this.conversations = new ConversationChecks(annotations, reporter);
    this.synthetic = new SyntheticPromptReader(annotations, reporter);
    this.checks = new CheckReader(javaTypes, annotations, reporter);
    this.judges = new JudgeReader(annotations, reporter);
    this.responseFormats = new ResponseFormatReader(annotations, reporter, env.getFiler());
    this.compares = new CompareReader(annotations, reporter);
    this.servers = new ServerReader(annotations, reporter);
    this.budgetNeeds = new BudgetNeeds(settings, checks, judges);
  }

  /**
   * The class's settings over its superclasses', nearest first, annotation type by annotation type:
   * settings shared by several scenarios (an endpoint, a model, request counts) can live on a common
   * base class.
   */
  private Declarations inherited(TypeElement type) {
    Declarations merged = Declarations.NONE;
    for (TypeElement t : ScenarioMembers.lineage(type)) {
      merged = merged.overriddenBy(settings.read(t));
    }
    return merged;
  }

  Optional<ScenarioModel> read(TypeElement type) {
    int errorsBefore = reporter.errorCount();
    AnnotationMirror benchmark = find(type, LlmBenchmark.class).orElseThrow();
    if (!classChecks.check(type, benchmark)) {
      return Optional.empty();
    }
    Declarations classDeclarations = inherited(type);

    List<Element> scenarioMembers = members.of(type);
    Members declared = readMembers(scenarioMembers);
    List<PromptSource> promptSources = declared.prompts();
    List<ParamModel> paramModels = declared.params();
    Optional<SyntheticPromptReader.Found> syntheticPrompt = synthetic.read(type);
    if (!declared.anyPrompt() && !synthetic.declared(type) && !PromptFileReader.declared(type)) {
      reporter.error(type, benchmark,
          "@LlmBenchmark class " + type.getSimpleName() + " has no @Prompt; add a String field or a "
              + "no-argument method returning String annotated @Prompt, or @SyntheticPrompt(tokens = {...}) on the class, "
              + "or read prompts from a file with @PromptFile(\"prompts.jsonl\") on the class");
    }
    prompts.checkUniqueNames(promptSources);
    Integer turns = conversations.check(type, promptSources).orElse(null);
    syntheticPrompt.ifPresent(s -> synthetic.checkClashes(s, promptSources, paramModels));

    List<CheckModel> checkModels = checks.read(type, scenarioMembers);
    String toolsFile = checks.toolsFile(type);
    dev.llmh.runner.ToolResultDeclaration toolResult = checks.toolResult(type, turns);
    dev.llmh.runner.JudgeDeclaration judge = judges.read(type).orElse(null);
    boolean judged = JudgeReader.declared(type);
    dev.llmh.runner.ResponseFormatDeclaration responseFormat = responseFormats.read(type).orElse(null);
    dev.llmh.runner.CompareDeclaration compare = compares.read(type).orElse(null);
    boolean anyCheck = !checkModels.isEmpty() || anyCheckWritten(type, scenarioMembers);
    budgetNeeds.check(type, classDeclarations, promptSources, syntheticPrompt.isPresent() || find(type, PromptFile.class).isPresent(),
        anyCheck, judged);
    List<PromptModel> models = new ArrayList<>();
    for (PromptSource p : promptSources) {
      DeclaredSettings merged = classDeclarations.overriddenBy(p.declarations()).toSettings().withConversationTurns(turns);
      PromptSource.Access access = p.access();
      models.add(new PromptModel(p.name(), p.element().getSimpleName().toString(), access.method(), access.isStatic(),
          access.throwsChecked(), merged, access.takesTurn(), null));
    }
    warnings.report(type, promptSources, models);
    coldModels(type, promptSources, models); // prompts and sources side by side: before the synthetic prompt joins
    syntheticPrompt.ifPresent(s -> models.add(s.model(classDeclarations.toSettings())));
    // The class's annotation comes before its members: the file's case is planned first.
    promptFiles.read(type, models, classDeclarations.toSettings()).ifPresent(file -> models.add(0, file));
    checkModelParam(declared.paramFields(), models);

    if (reporter.errorCount() > errorsBefore) {
      return Optional.empty();
    }
    return Optional.of(new ScenarioModel(
        elements.getPackageOf(type).getQualifiedName().toString(),
        elements.getBinaryName(type).toString(),
        type.getQualifiedName().toString(),
        models, paramModels, declared.systemPrompt(),
        new ScenarioModel.Requests(toolsFile, toolResult, responseFormat, servers.read(type, paramModels).orElse(null)),
        new ScenarioModel.Grading(checkModels, judge, compare)));
  }

  /** What a scenario's members declare: its prompts, its params (and their fields), its system prompt. */
  private record Members(
      List<PromptSource> prompts, List<ParamModel> params, List<Element> paramFields, boolean anyPrompt, PromptModel systemPrompt) {}

  private Members readMembers(List<Element> scenarioMembers) {
    List<PromptSource> promptSources = new ArrayList<>();
    List<ParamModel> paramModels = new ArrayList<>();
    List<Element> paramFields = new ArrayList<>();
    boolean anyPromptMember = false;
    Optional<Element> systemMember = Optional.empty();
    PromptModel systemPrompt = null;
    for (Element member : scenarioMembers) {
      Optional<AnnotationMirror> prompt = find(member, Prompt.class);
      Optional<AnnotationMirror> param = find(member, Param.class);
      Optional<AnnotationMirror> system = find(member, SystemPrompt.class);
      if (system.isPresent() && (prompt.isPresent() || param.isPresent())) {
        reporter.error(member, system.get(),
            "'" + member.getSimpleName() + "' is both a @SystemPrompt and a @" + (prompt.isPresent() ? "Prompt" : "Param")
                + "; a member is one or the other: remove one of the two annotations");
        continue;
      }
      if (system.isPresent()) {
        Optional<PromptModel> read = systemPrompts.read(member, system.get(), systemMember);
        systemMember = systemMember.or(() -> Optional.of(member));
        systemPrompt = systemPrompt != null ? systemPrompt : read.orElse(null);
        settings.reportStray(member);
        continue;
      }
      if (prompt.isPresent() && param.isPresent()) {
        reporter.error(member, param.get(),
            "'" + member.getSimpleName() + "' is both a @Prompt and a @Param; a field is one or the other: "
                + "remove one of the two annotations");
        continue;
      }
      if (prompt.isPresent()) {
        anyPromptMember = true;
        prompts.read(member, prompt.get()).ifPresent(promptSources::add);
        systemPrompts.warnOnVolatileText(member, "@Prompt");
      } else {
        settings.reportStray(member);
      }
      if (param.isPresent() && member instanceof VariableElement field) {
        params.read(field, param.get()).ifPresent(paramModels::add);
        paramFields.add(field);
      }
    }
    return new Members(promptSources, paramModels, paramFields, anyPromptMember, systemPrompt);
  }

  /** A check written but in error counts as declared: its own error says what to fix, not the budget's. */
  private static boolean anyCheckWritten(TypeElement type, List<Element> members) {
    return ScenarioMembers.lineage(type).stream().anyMatch(t -> CheckReader.ANNOTATIONS.stream().anyMatch(a -> find(t, a).isPresent()))
        || members.stream().anyMatch(m -> find(m, dev.llmh.annotations.Check.class).isPresent());
  }

  /**
   * Several models make {@code model} a case parameter ({@code params.model}): a {@code @Param}
   * field of that name would give the case two parameters of one name.
   */
  private void checkModelParam(List<Element> paramFields, List<PromptModel> prompts) {
    boolean compared = prompts.stream().map(p -> p.settings().endpoint().models()).anyMatch(m -> m != null && m.size() > 1);
    for (Element field : paramFields) {
      if (compared && field.getSimpleName().contentEquals("model")) {
        reporter.error(field, find(field, Param.class).orElseThrow(),
            "@Param 'model' clashes with the case parameter 'model' that @Endpoint(model = {...}) makes of several"
                + " models; rename the field");
      }
    }
  }

  /**
   * Models side by side are measured warm: each case's warm-up runs on its own model, so the first
   * case of a model pays its load (seconds on Ollama) before measuring. Without warm-up the first
   * measured requests of every model would: legal, but rarely what a comparison means. Said once per
   * place the warm-up is written.
   */
  private void coldModels(TypeElement type, List<PromptSource> sources, List<PromptModel> prompts) {
    java.util.Set<Element> warned = new java.util.HashSet<>();
    for (int i = 0; i < prompts.size(); i++) {
      DeclaredSettings s = prompts.get(i).settings();
      List<String> models = s.endpoint().models();
      Integer warmup = s.measurement().warmupRequests();
      if (models == null || models.size() < 2 || warmup == null || warmup != 0) {
        continue;
      }
      Element place = sources.get(i).declarations().requests().warmupRequests() != null ? sources.get(i).element() : type;
      if (warned.add(place)) {
        AnnotationMirror mirror = find(place, dev.llmh.annotations.Warmup.class)
            .orElseGet(() -> find(type, LlmBenchmark.class).orElseThrow());
        reporter.warning(place, mirror, "@Warmup(requests = 0) with several models: the first measured requests of each"
            + " model pay its load when the server switches models (seconds on Ollama); warm up at least 1 request to"
            + " compare the models warm");
      }
    }
  }

  /**
   * An LLMH annotation outside any {@code @LlmBenchmark} class does nothing; saying so beats a
   * benchmark that silently never runs. An abstract class is the exception: its settings, prompts
   * and params apply to the scenarios that extend it.
   */
  void checkOwner(Element element) {
    Element owner = element instanceof TypeElement ? element : element.getEnclosingElement();
    if (owner == null || find(owner, LlmBenchmark.class).isPresent()) {
      return;
    }
    boolean promptOrParam = element.getAnnotationMirrors().stream().map(Annotations::nameOf)
        .anyMatch(name -> name.equals(Prompt.class.getCanonicalName()) || name.equals(Param.class.getCanonicalName()));
    if (owner.getModifiers().contains(Modifier.ABSTRACT) && (element != owner || !promptOrParam)) {
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
        annotation + " on " + where + " has no effect without @LlmBenchmark; add @LlmBenchmark to the class"
            + ", or make the class abstract to share it with the scenarios that extend it");
  }

  private static List<Class<?>> concat(List<Class<?>> a, List<Class<?>> b) {
    List<Class<?>> all = new ArrayList<>(a);
    all.addAll(b);
    return List.copyOf(all);
  }
}
