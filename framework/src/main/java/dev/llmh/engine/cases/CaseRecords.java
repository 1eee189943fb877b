package dev.llmh.engine.cases;

import dev.llmh.constraint.Metric;
import dev.llmh.endpoint.Endpoint;
import dev.llmh.endpoint.EndpointKind;
import dev.llmh.load.PromptMarker;
import dev.llmh.measure.RequestMetrics;
import dev.llmh.measure.RequestSample;
import dev.llmh.plan.CasePlan;
import dev.llmh.result.CaseResult;
import dev.llmh.result.CaseResult.ConstraintRecord;
import dev.llmh.result.CaseResult.EndpointRecord;
import dev.llmh.result.CaseResult.Requests;
import dev.llmh.result.CaseResult.Settings;
import dev.llmh.result.CaseResult.Throughput;
import dev.llmh.result.MetricSummary;
import dev.llmh.result.SampleRecord;
import dev.llmh.result.Section;
import dev.llmh.stats.MetricSample;
import dev.llmh.verdict.CaseAnalysis;
import dev.llmh.verdict.Verdict;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Writes a case's analysis down as its {@link CaseResult}: a reader of the analysis, deciding nothing. */
public final class CaseRecords {
  private CaseRecords() {}

  /**
   * @param samples every measured request as recorded, failed or not, in request order; each
   *     feature's part writes its own sections
   */
  static CaseResult measured(
      CaseBasis basis, Look look, String servedModel, List<SampleRecord> samples, CaseAnalysis analysis) {
    CasePlan plan = basis.plan();
    Map<String, MetricSummary> metrics = new LinkedHashMap<>();
    for (Metric metric : Metric.values()) {
      if (metric.fromRequests()) {
        MetricSample sample = analysis.requests().distributions().get(metric);
        metrics.put(metric.jsonName(), sample == null ? null : MetricSummary.of(sample, plan.verdicts().confidence()));
      }
    }
    Double throughput = analysis.figures().get(Metric.THROUGHPUT);
    var counts = analysis.requests().counts();
    CaseResult.Builder record = core(plan, endpointRecord(plan, basis.endpoint(), servedModel), analysis)
        .requests(new Requests(CaseExecutor.warmupRequests(plan), basis.warmupFailed(), counts.measured(), counts.succeeded(),
            counts.failed(), counts.noAnswer(), counts.modelLoad(), look.inFlight()))
        .metrics(metrics)
        .throughput(throughput == null ? new Throughput(null, null, null)
            : new Throughput(throughput, analysis.figures().get(Metric.REQUEST_RATE), counts.wallMs()))
        .constraints(analysis.constraints().stream().map(ConstraintRecord::of).toList())
        .samples(samples)
        .section(Section.WARNINGS, analysis.warnings())
        .section(Section.PROMPT_HASH, basis.promptHash())
        .section(Section.BASELINE, analysis.baseline().record())
        .section(Section.HARNESS, look.harness())
        .section(Section.PROMPT_FILE, promptFile(plan, basis.promptHash()));
    basis.parts().record(analysis, record);
    return record.build();
  }

  /** What every case's record has, measured or not: which case, where, how asked, and its verdict. */
  private static CaseResult.Builder core(CasePlan plan, EndpointRecord endpoint, CaseAnalysis analysis) {
    return CaseResult.builder()
        .identity(plan.scenarioClassName(), plan.prompt().name(), plan.caseId(), plan.allParams())
        .endpoint(endpoint)
        .settings(settings(plan))
        .verdict(analysis.verdict().name(), analysis.reasons(), analysis.verdict().reported(plan.verdicts().inconclusive()).text())
        .section(Section.PROMPT_CACHE, PromptMarker.recorded(plan.sampling().promptCache()))
        .section(Section.OPTIONS, options(plan));
  }

  private static Map<String, Object> options(CasePlan plan) {
    return plan.target().options().isEmpty() ? null : plan.target().options();
  }

  private static CaseResult.PromptFileRecord promptFile(CasePlan plan, String sha256) {
    return plan.prompt().promptFile() == null ? null : new CaseResult.PromptFileRecord(plan.prompt().promptFile(), sha256);
  }

  /** A case that could not send a single request: recorded with its reason, never dropped. */
  static CaseResult unmeasured(CasePlan plan, Endpoint endpoint, CaseAnalysis analysis) {
    return unmeasured(plan, endpoint, analysis, record -> {});
  }

  /** The same, with what the features' parts had settled (a calibration that failed or found truncation). */
  static CaseResult unmeasured(
      CasePlan plan, Endpoint endpoint, CaseAnalysis analysis, java.util.function.Consumer<CaseResult.Builder> settled) {
    CaseResult.Builder record = core(plan, endpointRecord(plan, endpoint, null), analysis)
        .requests(new Requests(plan.requests().warmupRequests(), 0, 0, 0, 0, 0, 0, null))
        .throughput(new Throughput(null, null, null))
        .constraints(plan.verdicts().constraints().stream()
            .map(c -> new ConstraintRecord(c.source(), null, c.budget().canonical(), ConstraintRecord.unit(c),
                Verdict.INCONCLUSIVE.name(), c.subject() + " not judged: the case did not run", null))
            .toList())
        .section(Section.WARNINGS, List.of())
        .section(Section.ERROR, analysis.reasons().get(0))
        .section(Section.PROMPT_FILE, promptFile(plan, null));
    settled.accept(record);
    return record.build();
  }

  /** A sample's flag: its answer or reasoning text was cut to {@code llmh.record.textChars} in the record. */
  static final String TEXT_TRUNCATED = "text_truncated";

  /**
   * @param firstStart where {@code start_ms} and {@code scheduled_ms} count from: the first send, or
   *     under an open loop the first scheduled send, so that {@code start_ms − scheduled_ms} is the queue
   * @param promptFlags what the case's prompt check says of this request ({@code prompt_truncated}...)
   * @param turn the conversation turn the request was, or null for a single request
   * @param textChars the most characters of the answer, and of the reasoning, the record keeps
   */
  public static SampleRecord sampleRecord(
      RequestSample sample, RequestMetrics m, long firstStart, List<String> promptFlags, Integer turn, int textChars) {
    String text = cut(sample.text().answer(), textChars);
    String reasoning = cut(sample.text().reasoning(), textChars);
    boolean truncated = !java.util.Objects.equals(text, sample.text().answer())
        || !java.util.Objects.equals(reasoning, sample.text().reasoning());
    List<String> flags = m.flags();
    if (!promptFlags.isEmpty() || truncated) {
      flags = new java.util.ArrayList<>(flags);
      flags.addAll(promptFlags);
      if (truncated) {
        flags.add(TEXT_TRUNCATED);
      }
    }
    List<Double> chunks = sample.timing().textChunkNanos().stream().map(t -> (t - sample.timing().startNanos()) / 1e6).toList();
    return SampleRecord.builder()
        .times((sample.timing().startNanos() - firstStart) / 1e6, MetricSummary.finite(m.latency().ttftMs()),
            MetricSummary.finite(m.latency().tpotMs()), MetricSummary.finite(m.latency().e2eMs()),
            (sample.timing().endNanos() - sample.timing().startNanos()) / 1e6)
        .http(sample.timing().http())
        .chunkMs(chunks)
        .tokens(sample.tokens().promptTokens(), m.counts().outputTokens())
        .finishReason(sample.server().finishReason())
        .flags(flags)
        .error(sample.error())
        .ttfoMs(MetricSummary.finite(m.latency().ttfoMs()))
        .chunks(m.counts().chunkCount(), m.counts().reasoningChunks())
        .serverTimings(sample.server().serverTimings().isEmpty() ? null : sample.server().serverTimings())
        .retryAfter(sample.server().retryAfter())
        .turn(turn)
        .scheduledMs(sample.timing().scheduledNanos() == null ? null : (sample.timing().scheduledNanos() - firstStart) / 1e6)
        .text(text, reasoning)
        .checks(sample.checks())
        .toolCalls(sample.text().toolCalls())
        .build();
  }

  /**
   * The first {@code chars} characters of {@code text}, counted in code points so that a cut never
   * splits a surrogate pair (which would not be valid UTF-8 in the file); the text itself when it is
   * no longer, null for null.
   */
  static String cut(String text, int chars) {
    if (text == null || text.length() <= chars || text.codePointCount(0, text.length()) <= chars) {
      return text;
    }
    return text.substring(0, text.offsetByCodePoints(0, chars));
  }

  private static EndpointRecord endpointRecord(CasePlan plan, Endpoint endpoint, String servedModel) {
    EndpointKind kind = endpoint == null ? EndpointKind.of(plan.target().endpoint()) : endpoint.kind();
    return endpoint == null
        ? new EndpointRecord(plan.target().endpoint(), kind == EndpointKind.EMBEDDED, plan.target().model(), null, null, null, plan.target().api().key(),
            kind.key())
        : new EndpointRecord(endpoint.url(), kind == EndpointKind.EMBEDDED, plan.target().model(), servedModel, endpoint.info().ownedBy(),
            describes(endpoint.info(), servedModel) ? endpoint.info().meta() : null, plan.target().api().key(), kind.key());
  }

  /**
   * Whether the listing's {@code meta}, which is its first model's, describes the model that served:
   * on a server of several models (the embedded server's {@code tiny} beside its default) another's
   * file and shape are left out rather than recorded as this case's.
   */
  private static boolean describes(dev.llmh.client.EndpointInfo info, String servedModel) {
    return !info.meta().isEmpty()
        && (servedModel == null || info.modelIds().isEmpty() || info.modelIds().get(0).equals(servedModel));
  }

  private static Settings settings(CasePlan plan) {
    dev.llmh.runner.ResponseFormatDeclaration format = plan.runner().responseFormat();
    Map<String, String> responseFormat = null;
    if (format != null) {
      responseFormat = new LinkedHashMap<>();
      responseFormat.put("type", format.schema() == null ? "json_object" : "json_schema");
      if (format.schema() != null) {
        responseFormat.put("schema", format.schema());
      }
    }
    return new Settings(plan.sampling().maxTokens(), plan.sampling().temperature(), plan.sampling().seed(), responseFormat);
  }
}
