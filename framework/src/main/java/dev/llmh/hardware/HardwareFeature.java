package dev.llmh.hardware;

import dev.llmh.analysis.CountedSpan;
import dev.llmh.analysis.MeasuredCase;
import dev.llmh.analysis.ResourceInputs;
import dev.llmh.config.DeploymentFacts;
import dev.llmh.constraint.Metric;
import dev.llmh.endpoint.EmbeddedModels;
import dev.llmh.endpoint.Endpoint;
import dev.llmh.endpoint.Endpoints;
import dev.llmh.feature.CaseFeature;
import dev.llmh.feature.PreparedCase;
import dev.llmh.feature.RunServices;
import dev.llmh.measure.RequestSample;
import dev.llmh.plan.CasePlan;
import dev.llmh.resources.PhaseSampling;
import dev.llmh.resources.PhysicsInputs;
import dev.llmh.resources.Resources;
import dev.llmh.result.CaseResult;
import dev.llmh.result.Section;
import java.util.List;
import java.util.Objects;

/**
 * The serving hardware over the measured phase — memory, CPU, GPUs, energy — what it costs, and
 * whether the decode rate is one the memory can feed: sampled from the warm-up on, and recorded as
 * {@code resources}, {@code cost} and {@code physics}.
 */
public record HardwareFeature(Endpoints endpoints) implements CaseFeature {
  /** The run's endpoints know each one's serving process and GPUs. */
  public static final class Provider implements CaseFeature.Provider {
    @Override
    public CaseFeature open(RunServices run) {
      return new HardwareFeature(run.endpoints());
    }
  }

  @Override
  public Part<HardwareFindings> part(CasePlan plan) {
    return new HardwarePart(endpoints, plan);
  }

  private static final class HardwarePart implements Part<HardwareFindings> {
    private final Endpoints endpoints;
    private final CasePlan plan;
    private Endpoint endpoint;
    private PhaseSampling sampling;
    private PhysicsInputs physics;

    HardwarePart(Endpoints endpoints, CasePlan plan) {
      this.endpoints = endpoints;
      this.plan = plan;
    }

    /** Sampling starts with the warm-up, so that the measured phase's first sample is not its start-up. */
    @Override
    public void prepare(PreparedCase prepared) {
      endpoint = prepared.endpoint();
      sampling = endpoints.resources(endpoint, plan.target().deployment().powerWatts()).warmingUp();
    }

    /** Looked up before measuring, once: it may ask the server (GET /models, /api/tags) for the model's size. */
    @Override
    public void measuring(List<RequestSample> warmup) {
      if (sampling == null) {
        return;
      }
      physics = endpoints.physicsInputs(endpoint, warmup.stream().map(x -> x.server().servedModel())
          .filter(Objects::nonNull).findFirst().orElse(EmbeddedModels.asked(plan)), plan.target().deployment());
      sampling.measuring();
    }

    @Override
    public HardwareFindings findings(MeasuredCase measured) {
      DeploymentFacts deployment = plan.target().deployment();
      ResourceInputs inputs = sampling == null ? ResourceInputs.NONE
          : new ResourceInputs(sampling.measured(CountedSpan.of(measured.measured())), deployment, physics);
      return HardwareFindings.of(inputs, measured);
    }

    @Override
    public void record(HardwareFindings found, CaseResult.Builder record) {
      Resources resources = found.inputs().resources();
      if (resources != null && resources.energy() != null) {
        resources = resources.with(resources.gpu(),
            resources.energy().withPerToken(found.figures().get(Metric.ENERGY_PER_TOKEN)));
      }
      record.section(Section.RESOURCES, resources)
          .section(Section.COST, found.hardware().cost())
          .section(Section.PHYSICS, found.hardware().physics());
    }

    @Override
    public void close() {
      if (sampling != null) {
        sampling.close();
      }
    }
  }
}
