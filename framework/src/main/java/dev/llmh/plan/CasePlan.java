package dev.llmh.plan;

import dev.llmh.annotations.PromptCache;
import dev.llmh.config.Api;
import dev.llmh.config.Defaults;
import dev.llmh.config.DeploymentFacts;
import dev.llmh.config.ServerOptions;
import dev.llmh.constraint.ConstraintExpression;
import dev.llmh.runner.ParamDeclaration;
import dev.llmh.runner.PromptDeclaration;
import dev.llmh.runner.ScenarioRunner;
import java.util.List;
import java.util.Map;


/**
 * One case to run: a prompt at one concurrency with one combination of param values, with every
 * setting resolved (configuration > annotation > default).
 *
 * @param params the {@code @Param} values in declaration order (concurrency is not among them)
 * @param textChars {@code llmh.record.textChars}: the most characters of each answer, and of its
 *     reasoning, that a sample's record keeps
 */
public record CasePlan(
    ScenarioRunner runner,
    PromptDeclaration prompt,
    Map<String, String> params,
    Target target,
    Requests requests,
    Sampling sampling,
    Verdicts verdicts,
    int textChars) {

  /**
   * Where the case's requests go.
   *
   * @param endpoint the endpoint URL, or {@code embedded}
   * @param model the model to request, or null when the endpoint should pick (embedded only)
   * @param api the protocol: configuration, else {@code @Endpoint(api)}, else {@link Api#detect(String)}
   * @param modelParam true when the prompt compares several models: then {@code model} is a case
   *     parameter, named first ({@code model=a, concurrency=1}) and recorded as {@code params.model}
   * @param options server options sent with every request ({@code llmh.options}, else {@code @Endpoint(options)}),
   *     typed as {@link ServerOptions#parse} reads them; empty when none
   * @param deployment declared facts of the serving hardware (power, bandwidth, model size, cost)
   * @param launch the server LLMH starts for the case ({@code @Server}); null to measure {@code endpoint} as found
   */
  public record Target(
      String endpoint, String model, Api api, boolean modelParam, Map<String, Object> options, DeploymentFacts deployment,
      ServerLaunch launch) {
    public Target {
      options = options == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(options));
      deployment = deployment == null ? DeploymentFacts.NONE : deployment;
    }
  }

  /**
   * How many requests the case sends, and how.
   *
   * @param maxRequests {@code @Measurement(maxRequests)}: measuring may go on past {@code measuredRequests}
   *     up to this many while a constraint is undecided; equal to {@code measuredRequests} when fixed
   * @param load {@code @Load}: requests sent at scheduled times, in place of the closed loop, whose
   *     {@code concurrency} then only sets the warm-up's; null for a closed loop. Its
   *     {@code measuredRequests} are the schedule's arrivals: all those within {@code @Load(duration)}
   *     when one is given
   * @param caseTimeout the longest the case may take, warm-up included, from when its endpoint is open ({@code llmh.timeout.case})
   */
  public record Requests(
      int concurrency, int warmupRequests, int measuredRequests, int maxRequests, OpenLoad load, java.time.Duration caseTimeout) {
    public Requests {
      maxRequests = Math.max(maxRequests, measuredRequests);
    }
  }

  /**
   * What each request asks of the model.
   *
   * @param promptCache configuration ({@code llmh.promptCache}), else {@code @PromptCache}, else UNIQUE
   */
  public record Sampling(double temperature, long seed, int maxTokens, PromptCache.Mode promptCache) {
    public Sampling {
      promptCache = promptCache == null ? Defaults.PROMPT_CACHE : promptCache;
    }
  }

  /**
   * The case's budgets and how its verdict is reached and reported.
   *
   * @param confidence the level of intervals and verdicts ({@code llmh.confidence})
   * @param inconclusive how an INCONCLUSIVE case is reported: {@code skip}, {@code fail} or {@code pass}
   */
  public record Verdicts(List<ConstraintExpression> constraints, double confidence, String inconclusive) {
    public Verdicts {
      constraints = List.copyOf(constraints);
    }
  }

  /** The parameter of a {@code @SyntheticPrompt} case: its target length in the server's tokens. */
  public static final String PROMPT_TOKENS = "promptTokens";

  public CasePlan {
    params = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(params));
  }

  /**
   * The target length of a {@code @SyntheticPrompt} case, in the server's tokens; null for a prompt
   * the scenario writes.
   */
  public Integer promptTokens() {
    return prompt.settings().synthetic() && params.containsKey(PROMPT_TOKENS) ? Integer.valueOf(params.get(PROMPT_TOKENS)) : null;
  }

  /** The parameter of an open-loop case: its rate as written ({@code 4/s}), in place of concurrency. */
  public static final String RATE = "rate";

  /** True when measuring may continue past {@code measuredRequests}: never on a schedule, which is fixed in advance. */
  public boolean adaptive() {
    return requests.maxRequests() > requests.measuredRequests() && requests.load() == null;
  }

  /** True when requests are sent at scheduled times ({@code @Load}) rather than by a closed loop. */
  public boolean openLoop() {
    return requests.load() != null;
  }

  /**
   * This case at another rate: a step of a sweep over rates. Under {@code @Load(duration)} the
   * number of requests is that of the new rate's arrivals within the duration.
   */
  public CasePlan atRate(dev.llmh.config.Rate rate) {
    OpenLoad moved = requests.load().at(rate);
    int measured = moved.duration() == null ? requests.measuredRequests() : moved.arrivals(requests.measuredRequests());
    Requests stepped = new Requests(requests.concurrency(), requests.warmupRequests(), measured,
        Math.max(requests.maxRequests(), measured), moved, requests.caseTimeout());
    return new CasePlan(runner, prompt, params, target, stepped, sampling, verdicts, textChars);
  }

  /** {@code concurrency=4}, or {@code rate=4/s} for an open loop. */
  private String loadParameter() {
    return openLoop() ? RATE + "=" + requests.load().rate().text() : "concurrency=" + requests.concurrency();
  }

  public String scenarioClassName() {
    return runner.scenarioClassName();
  }

  /** {@code concurrency=4, size=a} ({@code model=a, concurrency=4} when models are compared): as shown to people. */
  public String parameterText() {
    StringBuilder text = new StringBuilder(target.modelParam() ? "model=" + target.model() + ", " : "").append(loadParameter());
    params.forEach((name, value) -> text.append(", ").append(name).append('=').append(value));
    return text.toString();
  }

  /** {@code summarise [concurrency=4, size=a]}. */
  public String displayName() {
    return prompt.name() + " [" + parameterText() + "]";
  }

  /** Stable and unique within the scenario: {@code summarise[concurrency=4,size=a]}. */
  public String caseId() {
    return prompt.name() + "[" + parameterText().replace(", ", ",") + "]";
  }

  /**
   * All parameters including concurrency, for the results file: typed as their fields are, so an
   * {@code int} param is recorded as a number (see {@link ParamDeclaration#recorded}).
   */
  public Map<String, Object> allParams() {
    Map<String, Object> all = new java.util.LinkedHashMap<>(loadTexts());
    if (!openLoop()) {
      all.put("concurrency", requests.concurrency()); // a number, as it is declared
    }
    Map<String, ParamDeclaration> declared = new java.util.HashMap<>();
    runner.params().forEach(p -> declared.put(p.name(), p));
    params.forEach((name, value) -> {
      ParamDeclaration declaration = declared.get(name);
      all.put(name, declaration != null ? declaration.recorded(value)
          : name.equals(PROMPT_TOKENS) && promptTokens() != null ? (Object) promptTokens() : value);
    });
    return all;
  }

  /**
   * All parameters including concurrency, as written: what identifies the case to a baseline, so
   * that a baseline stored before params were typed still matches.
   */
  public Map<String, String> paramTexts() {
    Map<String, String> all = loadTexts();
    all.putAll(params);
    return all;
  }

  /** The model, when models are compared, then the concurrency or the rate: as written. */
  private Map<String, String> loadTexts() {
    Map<String, String> all = new java.util.LinkedHashMap<>();
    if (target.modelParam()) {
      all.put("model", target.model());
    }
    if (openLoop()) {
      all.put(RATE, requests.load().rate().text());
    } else {
      all.put("concurrency", String.valueOf(requests.concurrency()));
    }
    return all;
  }

  /**
   * Reads the prompt text through the generated runner: the scenario's own code runs here. A
   * synthetic prompt has no text of its own: the harness makes it ({@link #promptTokens()}).
   */
  public String promptText() {
    return runner.prompt(prompt.name(), params);
  }

  /** {@code @Conversation(turns)}: each measured request is a conversation of this many turns; 0 for single requests. */
  public int conversationTurns() {
    Integer turns = prompt.settings().prompting().conversationTurns();
    return turns == null ? 0 : turns;
  }

  /** Each turn's user message, turn 1 first, read through the generated runner. */
  public List<String> turnTexts() {
    List<String> texts = new java.util.ArrayList<>();
    for (int turn = 1; turn <= conversationTurns(); turn++) {
      String text = runner.prompt(prompt.name(), params, turn);
      if (text == null) {
        throw new NullPointerException("turn " + turn + "'s message is null");
      }
      texts.add(text);
    }
    return texts;
  }

  /** {@code @Slo}: what a good request is; null when not declared. */
  public dev.llmh.runner.SloDeclaration slo() {
    return prompt.settings().slo();
  }

  /** {@code @SaturationSearch}: this case is one step of it; null when the case is a fixed level. */
  public dev.llmh.runner.SaturationDeclaration saturationSearch() {
    return prompt.settings().measurement().saturationSearch();
  }

  /** Reads the {@code @SystemPrompt} through the generated runner; null when the scenario has none. */
  public String systemPromptText() {
    return runner.systemPrompt(params);
  }

  @Override
  public String toString() {
    return scenarioClassName() + " › " + displayName();
  }

}
