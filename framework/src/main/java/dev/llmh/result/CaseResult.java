package dev.llmh.result;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import dev.llmh.analysis.ConversationResult;
import dev.llmh.constraint.Metric;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One case's record: its core (what was asked, what served it, the requests, statistics, budgets,
 * verdict and every measured request) and the named {@linkplain Section sections} the features write
 * beside it (SLO, checks, resources, cost...), each under its own top-level key.
 *
 * @param caseName the prompt's case name (JSON {@code case})
 * @param verdict the case's verdict: {@code PASS}, {@code FAIL}, {@code INCONCLUSIVE}, {@code
 *     NOT_RUN} or {@code ERROR}
 * @param verdictReasons why: the failed budgets and requests, the undecided budgets, the timeout
 * @param reportedAs what the test runner was told: {@code passed}, {@code failed} or {@code
 *     skipped} (an INCONCLUSIVE case as {@code llmh.inconclusive} says)
 * @param sections each section's value by its key, in {@link Section#ALL}'s order; read from a file,
 *     a key this version does not know is kept as it was read, so nothing is lost on a rewrite
 */
public record CaseResult(
    String scenario,
    @JsonProperty("case") String caseName,
    String caseId,
    Map<String, Object> params,
    EndpointRecord endpoint,
    Settings settings,
    Requests requests,
    Map<String, MetricSummary> metrics,
    Throughput throughput,
    List<ConstraintRecord> constraints,
    String verdict,
    List<String> verdictReasons,
    String reportedAs,
    List<SampleRecord> samples,
    @JsonAnyGetter @JsonAnySetter @JsonDeserialize(contentAs = JsonNode.class) Map<String, Object> sections) {

  public CaseResult {
    sections = ordered(sections == null ? Map.of() : sections);
  }

  /** Known sections in their order, as their types (a file's JSON read into them), absent ones left out or null. */
  private static Map<String, Object> ordered(Map<String, Object> given) {
    Map<String, Object> ordered = new LinkedHashMap<>();
    for (Section<?> section : Section.ALL) {
      Object value = given.get(section.key());
      if (value instanceof JsonNode json) {
        value = section.read(json);
      }
      if (value != null || section.writtenWhenAbsent()) {
        ordered.put(section.key(), value);
      }
    }
    given.forEach((key, value) -> {
      if (Section.named(key) == null) {
        ordered.put(key, value);
      }
    });
    return Collections.unmodifiableMap(ordered);
  }

  /**
   * This case's value of a section, or null when it has none. A feature's own section, which
   * {@link Section#ALL} does not list, is kept as read from a file until asked for here.
   */
  public <T> T section(Section<T> section) {
    Object value = sections.get(section.key());
    return section.cast(value instanceof JsonNode json ? section.read(json) : value);
  }

  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    Builder b = new Builder().identity(scenario, caseName, caseId, params).endpoint(endpoint).settings(settings)
        .requests(requests).metrics(metrics).throughput(throughput).constraints(constraints)
        .verdict(verdict, verdictReasons, reportedAs).samples(samples);
    b.sections.putAll(sections);
    return b;
  }

  /** A case's record built part by part; collections not set are empty, sections not set absent. */
  public static final class Builder {
    private String scenario;
    private String caseName;
    private String caseId;
    private Map<String, Object> params = Map.of();
    private EndpointRecord endpoint;
    private Settings settings;
    private Requests requests;
    private Map<String, MetricSummary> metrics = Map.of();
    private Throughput throughput;
    private List<ConstraintRecord> constraints = List.of();
    private String verdict;
    private List<String> verdictReasons = List.of();
    private String reportedAs;
    private List<SampleRecord> samples = List.of();
    private final Map<String, Object> sections = new LinkedHashMap<>();

    private Builder() {}

    /** Which case: its scenario class, its prompt's name, its id, and its parameters. */
    public Builder identity(String scenario, String caseName, String caseId, Map<String, Object> params) {
      this.scenario = scenario;
      this.caseName = caseName;
      this.caseId = caseId;
      this.params = params;
      return this;
    }

    public Builder endpoint(EndpointRecord v) { endpoint = v; return this; }
    public Builder settings(Settings v) { settings = v; return this; }
    public Builder requests(Requests v) { requests = v; return this; }
    public Builder metrics(Map<String, MetricSummary> v) { metrics = v; return this; }
    public Builder throughput(Throughput v) { throughput = v; return this; }
    public Builder constraints(List<ConstraintRecord> v) { constraints = v; return this; }
    public Builder samples(List<SampleRecord> v) { samples = v; return this; }

    /** The verdict, why, and what the test runner was told of it. */
    public Builder verdict(String verdict, List<String> reasons, String reportedAs) {
      this.verdict = verdict;
      this.verdictReasons = reasons;
      this.reportedAs = reportedAs;
      return this;
    }

    /** What the test runner was told, when it differs from what the verdict says (a step past a search's stop). */
    public Builder reportedAs(String v) { reportedAs = v; return this; }

    /** A section's value; null leaves it absent (written as {@code null} where the file always has its key). */
    public <T> Builder section(Section<T> section, T value) {
      sections.put(section.key(), value);
      return this;
    }

    /** A conversation case's figures, as its {@code conversation}, {@code turns} and {@code context_fit} sections. */
    public Builder conversation(ConversationResult c) {
      return section(Section.CONVERSATION, c.counts()).section(Section.TURNS, c.turns()).section(Section.CONTEXT_FIT, c.contextFit());
    }

    public CaseResult build() {
      return new CaseResult(scenario, caseName, caseId, params, endpoint, settings, requests, metrics, throughput,
          constraints, verdict, verdictReasons, reportedAs, samples, new LinkedHashMap<>(sections));
    }
  }

  /**
   * @param tokens the context in tokens: a longer prompt is truncated (Ollama) or refused
   * @param source where it was read: {@code option num_ctx}, {@code /api/show parameters num_ctx}
   */
  public record ContextRecord(int tokens, String source) {}

  /**
   * Where a case's prompts came from.
   *
   * @param path the file's path on the test classpath, as declared
   * @param sha256 of the file's bytes, hex; null when the case did not run and the file was not read
   */
  public record PromptFileRecord(String path, String sha256) {}

  /** Keys in {@link #metrics()} of the metrics read most often; every key is a {@link Metric#jsonName()}. */
  public static final String TTFT = Metric.TTFT.jsonName();
  public static final String TPOT = Metric.TPOT.jsonName();
  public static final String ITL = Metric.ITL.jsonName();
  public static final String E2E = Metric.E2E.jsonName();
  public static final String OUTPUT_TOKENS = Metric.OUTPUT_TOKENS.jsonName();
  /** Time to the first answer (non-reasoning) chunk. */
  public static final String TTFO = Metric.TTFO.jsonName();
  /** Per-token inter-token latency; null in the record when per-chunk token counts are unknown. */
  public static final String ITL_TOKEN = Metric.ITL_TOKEN.jsonName();

  /**
   * @param url the URL requests went to
   * @param embedded true when the embedded llama.cpp server served the case (kept beside {@code kind}
   *     for readers written before it)
   * @param ownedBy what the server's model listing said owns the model (names llama.cpp, vLLM...)
   * @param server what the server said about its engine and model (the listing's {@code meta}):
   *     for the embedded server the engine and version, the model file's name, size, sha256 and shape
   * @param api the wire protocol spoken ({@code openai-chat}, {@code openai-completions},
   *     {@code ollama-chat}, {@code ollama-generate})
   * @param kind what served: {@code embedded} (the llama.cpp server LLMH starts), {@code simulated}
   *     (the simulator: its figures are not inference costs) or {@code remote}; null in records
   *     written before it, where {@code embedded} said "started by LLMH", simulator included
   */
  @JsonPropertyOrder({"url", "kind", "embedded"})
  public record EndpointRecord(
      String url, boolean embedded, String requestedModel, String servedModel, String ownedBy,
      Map<String, Object> server, String api, String kind) {
    /** The kind, also for a record written before {@code kind} was: then {@code embedded} is all there is. */
    @JsonIgnore
    public String kindOrGuess() {
      return kind != null ? kind : embedded ? "embedded" : "remote";
    }
  }

  /**
   * @param responseFormat {@code @ResponseFormat}, what every request asked the output to be: {@code
   *     {"type": "json_object"}} or {@code {"type": "json_schema", "schema": "<path on the test classpath>"}};
   *     absent when the output was not constrained
   */
  public record Settings(
      int maxTokens, double temperature, long seed,
      @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, String> responseFormat) {}

  /**
   * @param noAnswer succeeded requests that never produced an answer chunk (reasoning only, or no text)
   * @param modelLoadExcluded succeeded requests that included a model load: kept in {@code samples},
   *     left out of the statistics
   * @param effectiveConcurrency the most measured requests in flight at once: the case's concurrency,
   *     or fewer when fewer requests were measured than there were workers to send them; null when
   *     nothing was measured
   */
  public record Requests(
      int warmup, int warmupFailed, int measured, int succeeded, int failed, int noAnswer, int modelLoadExcluded,
      Integer effectiveConcurrency) {}

  /**
   * @param wallMs the counted requests' span: from the first counted request's send to the last one's
   *     end, failed requests and a cold model load kept out as they are out of the tokens
   */
  public record Throughput(
      @JsonProperty("output_tokens_per_s") Double outputTokensPerSecond,
      @JsonProperty("requests_per_s") Double requestsPerSecond,
      @JsonProperty("wall_ms") Double wallMs) {}

  /**
   * @param observed in {@code unit}, the metric's canonical unit; null when there was nothing to judge
   * @param bounds the interval the verdict was judged on, {@code [lower, upper]} in {@code unit}; an
   *     end the sample cannot bound is null; absent when the verdict used no interval
   */
  public record ConstraintRecord(
      String expression, Double observed, Double budget, String unit, String verdict, String message,
      List<Double> bounds) {

    /** A budget's verdict written down: what the analysis judged, in the budget's unit. */
    public static ConstraintRecord of(dev.llmh.verdict.ConstraintResult result) {
      dev.llmh.constraint.ConstraintExpression constraint = result.expression();
      return new ConstraintRecord(constraint.source(), MetricSummary.finite(result.observed()), constraint.budget().canonical(),
          unit(constraint), result.verdict().name(), result.message(),
          result.bounds() == null || result.bounds().equals(dev.llmh.stats.Interval.NONE) ? null : result.bounds().asList());
    }

    /** The unit a constraint's values are recorded in: % for a regression, its currency, else its metric's. */
    public static String unit(dev.llmh.constraint.ConstraintExpression constraint) {
      return constraint.regression() ? "%"
          : constraint.currency() != null ? constraint.currency() : constraint.metric().dimension().canonicalUnit();
    }
  }
}
