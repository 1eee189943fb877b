package dev.llmh.launch;

import dev.llmh.analysis.MeasuredCase;
import dev.llmh.endpoint.Endpoints;
import dev.llmh.endpoint.StartedServer;
import dev.llmh.feature.CaseFeature;
import dev.llmh.feature.PreparedCase;
import dev.llmh.feature.RunServices;
import dev.llmh.measure.RequestSample;
import dev.llmh.plan.CasePlan;
import dev.llmh.result.CaseResult;
import dev.llmh.verdict.Findings;
import java.util.List;

/**
 * The server LLMH started for a case ({@code @Server}): the record's {@code server_process}, the cold
 * first request of a case that started it, and an ERROR when it died during the case.
 */
public record ServerProcessFeature(Endpoints endpoints) implements CaseFeature {
  /** The run's endpoints, which start the servers. */
  public static final class Provider implements CaseFeature.Provider {
    @Override
    public CaseFeature open(RunServices run) {
      return new ServerProcessFeature(run.endpoints());
    }
  }

  @Override
  public Part<Found> part(CasePlan plan) {
    return new ProcessPart(endpoints, plan);
  }

  /** @param server null for a case on a server LLMH did not start */
  record Found(ServerProcessRecord server) implements Findings {
    @Override
    public String error() {
      return server == null ? null : server.exited();
    }
  }

  private static final class ProcessPart implements Part<Found> {
    private final Endpoints endpoints;
    private final CasePlan plan;
    private StartedServer started;
    private Double coldTtftMs;

    ProcessPart(Endpoints endpoints, CasePlan plan) {
      this.endpoints = endpoints;
      this.plan = plan;
    }

    @Override
    public void prepare(PreparedCase prepared) {
      started = endpoints.started(plan.target().launch());
    }

    /** The first warm-up request of the case that started the server met it cold. */
    @Override
    public void measuring(List<RequestSample> warmup) {
      if (started != null && started.firstCase().equals(plan.caseId()) && !warmup.isEmpty()) {
        RequestSample first = warmup.get(0);
        coldTtftMs = first.timing().textChunkNanos().isEmpty() ? null
            : (first.timing().textChunkNanos().get(0) - first.timing().startNanos()) / 1e6;
      }
    }

    @Override
    public Found findings(MeasuredCase measured) {
      if (started == null) {
        return new Found(null);
      }
      return new Found(new ServerProcessRecord(started.command(), started.url(), started.pid(), started.startupMs(),
          started.firstCase(), coldTtftMs, started.log().toString(), started.exited()));
    }

    @Override
    public void record(Found found, CaseResult.Builder record) {
      if (found.server() != null) {
        record.section(ServerProcessRecord.SECTION, found.server());
      }
    }
  }
}
