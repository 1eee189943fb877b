package dev.llmh.servermetrics;

import dev.llmh.analysis.MeasuredCase;
import dev.llmh.config.Config;
import dev.llmh.constraint.ConstraintExpression;
import dev.llmh.feature.CaseFeature;
import dev.llmh.feature.PreparedCase;
import dev.llmh.feature.RunServices;
import dev.llmh.measure.RequestSample;
import dev.llmh.plan.CasePlan;
import dev.llmh.result.CaseResult;
import java.io.IOException;
import java.net.URI;
import java.util.List;

/**
 * The server's Prometheus {@code /metrics} over each case's measured phase ({@code llmh.server.metrics},
 * {@code auto} by default: {@code /metrics} at the endpoint's root): looked at as the phase begins, at
 * every analysis, and every {@code llmh.server.metrics.interval} between, off the timing path; the
 * record's {@code server_metrics} and the figures {@link ServerMetrics} names. A server that offers
 * none is recorded so, with the reason, and its case goes on.
 */
public record ServerMetricsFeature(Config.ServerSampling sampling) implements CaseFeature {
  /** What {@code llmh.server.metrics} says, read once. */
  public static final class Provider implements CaseFeature.Provider {
    @Override
    public CaseFeature open(RunServices run) {
      return new ServerMetricsFeature(run.config().servers().sampling());
    }
  }

  @Override
  public Part<ServerMetricsFindings> part(CasePlan plan) {
    boolean budgeted = plan.verdicts().constraints().stream().map(ConstraintExpression::metric).anyMatch(m -> m.serverMetric());
    return new MetricsPart(sampling, budgeted);
  }

  private static final class MetricsPart implements Part<ServerMetricsFindings> {
    private final Config.ServerSampling sampling;
    private final boolean budgeted;
    private String source = "";
    private String unavailable;
    private Scrapes scrapes;

    MetricsPart(Config.ServerSampling sampling, boolean budgeted) {
      this.sampling = sampling;
      this.budgeted = budgeted;
    }

    @Override
    public void prepare(PreparedCase prepared) {
      if (sampling.metrics().equals("off")) {
        unavailable = "llmh.server.metrics is off";
        return;
      }
      URI url = metricsUrl(sampling.metrics().equals("auto") ? URI.create(prepared.endpoint().client().baseUrl()).resolve("/metrics")
          : URI.create(sampling.metrics()));
      source = url.toString();
      scrapes = new Scrapes(url, sampling.metricsInterval());
    }

    /** The first look, just before the first measured request; then the looks between. */
    @Override
    public void measuring(List<RequestSample> warmup) {
      if (scrapes == null) {
        return;
      }
      try {
        scrapes.now();
        scrapes.sample();
      } catch (IOException e) {
        // Scrapes says "GET <url> answered HTTP <status>"; the HTTP client's own failures may carry no message
        String failure = e.getMessage() != null && e.getMessage().startsWith("GET ") ? e.getMessage() : "GET " + source + " failed: " + e;
        unavailable = failure + (failure.contains("HTTP 404")
            ? ": the server offers no Prometheus metrics there (vLLM and SGLang do, llama.cpp's server with --metrics;"
                + " llmh.server.metrics names another URL)" : "");
        close();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        close();
      }
    }

    /** A last look now, with no measured request in flight: the counters' increase ends here. */
    @Override
    public ServerMetricsFindings findings(MeasuredCase measured) {
      long interval = sampling.metricsInterval().toMillis();
      if (scrapes == null) {
        return new ServerMetricsFindings(ServerMetrics.notMeasured(source, interval,
            unavailable != null ? unavailable : "the measured phase never began"));
      }
      try {
        scrapes.now();
      } catch (IOException e) {
        // the looks so far stand: the counters end at the last that answered
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      List<Scrapes.Look> looks = scrapes.looks();
      return new ServerMetricsFindings(looks.size() < 2
          ? ServerMetrics.notMeasured(source, interval, "only one look at " + source + " answered during the measured phase")
          : ServerMetrics.of(source, interval, looks));
    }

    /** Written unless off and unasked: a server without metrics is recorded so, with the reason. */
    @Override
    public void record(ServerMetricsFindings found, CaseResult.Builder record) {
      if (!sampling.metrics().equals("off") || budgeted) {
        record.section(ServerMetricsRecord.SECTION, ServerMetricsRecord.of(found.metrics()));
      }
    }

    /** The URL without user info: no credential is sent there, nor written down. */
    private static URI metricsUrl(URI url) {
      try {
        return new URI(url.getScheme(), null, url.getHost(), url.getPort(), url.getPath(), url.getQuery(), null);
      } catch (java.net.URISyntaxException e) {
        throw new IllegalArgumentException("not a metrics URL: " + e.getMessage(), e);
      }
    }

    @Override
    public void close() {
      if (scrapes != null) {
        scrapes.close();
        scrapes = null;
      }
    }
  }
}
