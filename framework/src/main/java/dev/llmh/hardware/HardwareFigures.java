package dev.llmh.hardware;

import dev.llmh.analysis.Figure;
import dev.llmh.analysis.Figure.Value;
import dev.llmh.constraint.Metric;
import dev.llmh.constraint.Quantity;
import dev.llmh.constraint.Unit;
import dev.llmh.feature.FigureSource;
import dev.llmh.resources.CostRecord;
import dev.llmh.resources.DeclaredInputs;
import dev.llmh.resources.Energy;
import dev.llmh.resources.GpuResources;
import dev.llmh.resources.GpuServerShare;
import dev.llmh.resources.PhysicsRecord;
import dev.llmh.resources.Resources;
import dev.llmh.result.CaseResult;
import dev.llmh.result.Section;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A case's serving hardware in a few lines: the process's memory and CPU, the GPUs, energy per
 * token, the physics check and cost per million tokens. Figures never measured on this kind of
 * machine (no GPU, no prices declared) are left out; the results file says why each is not measured.
 */
public final class HardwareFigures extends FigureSource.OfSection<Resources> {
  public HardwareFigures() {
    super(Section.RESOURCES);
  }

  @Override
  protected List<Figure> figures(Resources r, CaseResult result) {
    List<Figure> figures = new ArrayList<>();
    figures.add(process(r));
    GpuResources gpu = r.gpu();
    if (gpu != null && gpu.notMeasured() == null) {
      figures.add(gpus(gpu));
      if (gpu.server() != null) {
        figures.add(share(gpu.server()));
      }
    }
    Energy energy = r.energy();
    if (energy != null && energy.perTokenJ() != null) {
      figures.add(energy(energy));
    }
    PhysicsRecord physics = result.section(Section.PHYSICS);
    if (physics != null && physics.bandwidthUsePercent() != null) {
      figures.add(bandwidth(physics));
    }
    CostRecord cost = result.section(Section.COST);
    if (cost != null && cost.perMtok() != null) {
      figures.add(cost(cost));
    } else if (cost != null && !cost.notMeasured().startsWith(CostRecord.NO_PRICES)) {
      figures.add(new Figure("cost", "not measured: " + cost.notMeasured(), List.of(Value.missing(
          "cost.per_mtok", Metric.COST_PER_MTOK, "cost per million output tokens", Unit.CURRENCY, cost.notMeasured()))));
    }
    return figures;
  }

  private static Figure process(Resources r) {
    if (r.notMeasured() != null) {
      return new Figure("process", "not measured: " + r.notMeasured(), List.of(
          Value.missing("resources.peak_rss_bytes", Metric.PEAK_RSS, "peak rss", Unit.BYTES, r.notMeasured()),
          Value.missing("resources.mean_cpu_percent", Metric.CPU, "cpu, mean", Unit.PERCENT, r.notMeasured())));
    }
    String text = "peak rss " + bytes(r.peakRssBytes()) + ", cpu " + Quantity.format(r.meanCpuPercent(), Unit.PERCENT)
        + " of a core on average (" + r.source() + ", " + r.samples()
        + (r.samples() == 1 ? " sample every " : " samples every ") + r.intervalMs() + " ms)";
    return new Figure("process", text, List.of(
        Value.measured("resources.peak_rss_bytes", Metric.PEAK_RSS, "peak rss",
            r.peakRssBytes() == null ? null : r.peakRssBytes().doubleValue(), Unit.BYTES, null),
        Value.measured("resources.mean_cpu_percent", Metric.CPU, "cpu, mean", r.meanCpuPercent(), Unit.PERCENT, null)));
  }

  private static Figure gpus(GpuResources gpu) {
    StringBuilder text = new StringBuilder();
    for (GpuResources.Gpu g : gpu.gpus()) {
      text.append(g.index() == 0 ? "" : "; ").append(g.index()).append(' ').append(g.name()).append(": memory peak ")
          .append(bytes(g.peakMemoryBytes())).append(", ").append(figure(g.meanUtilizationPercent(), Unit.PERCENT))
          .append(" busy, ").append(figure(g.meanPowerWatts(), Unit.WATTS)).append(" mean");
    }
    return new Figure("gpus", text.append(" (the machine's)").toString(), List.of());
  }

  /** The serving process's share of the GPUs: what its budgets and energy rest on. */
  private static Figure share(GpuServerShare share) {
    String text;
    if (GpuServerShare.GPU.equals(share.device())) {
      text = "the server's: memory peak " + bytes(share.peakMemoryBytes()) + " on GPU " + share.gpuIndexes() + ", "
          + (share.powerNotMeasured() == null ? Quantity.format(share.meanPowerWatts(), Unit.WATTS) + " mean"
              : "power not measured: " + share.powerNotMeasured());
    } else {
      text = (share.device() == null ? "not known: " : "none, the server computes on the CPU: ") + share.basis();
    }
    return new Figure("gpu share", text, List.of());
  }

  private static Figure energy(Energy energy) {
    boolean declared = Energy.DECLARED.equals(energy.energySource());
    String text = String.format(Locale.ROOT, "%s per token (%s%s: %s mean over %s)",
        Quantity.format(energy.perTokenJ(), Unit.JOULES), energy.energySource(),
        declared ? ", an estimate from the declared power" : "",
        Quantity.format(energy.meanWatts(), Unit.WATTS), Quantity.format(energy.windowMs(), Unit.MILLISECONDS));
    Value perToken = Value.measured("resources.energy.per_token_j", Metric.ENERGY_PER_TOKEN, "energy per token",
        energy.perTokenJ(), Unit.JOULES, null);
    return new Figure("energy", text, List.of(declared ? perToken.declared() : perToken));
  }

  private static Figure bandwidth(PhysicsRecord physics) {
    String text = String.format(Locale.ROOT, "decode %s tok/s per stream × %s of weights (%s) = %s/s, %s of %s/s%s (%s)",
        Quantity.formatBare(physics.decodeRate(), Unit.TOKENS_PER_SECOND),
        Quantity.format(physics.modelBytes(), Unit.MEGABYTES), physics.modelBytesSource(),
        Quantity.format(physics.impliedBytesPerS(), Unit.GIGABYTES),
        Quantity.format(physics.bandwidthUsePercent(), Unit.PERCENT),
        Quantity.format(physics.memoryBandwidthBytesPerS(), Unit.GIGABYTES),
        physics.bandwidthMemory() == null ? "" : " of " + physics.bandwidthMemory().toUpperCase(Locale.ROOT),
        physics.bandwidthSource());
    Value use = Value.measured("physics.bandwidth_use_percent", Metric.BANDWIDTH_USE, "memory bandwidth use",
        physics.bandwidthUsePercent(), Unit.PERCENT, null);
    return new Figure("bandwidth", text, List.of("declared".equals(physics.bandwidthSource()) ? use.declared() : use));
  }

  /** Every price is declared, and the electricity's energy may be too: the line says so beside each. */
  private static Figure cost(CostRecord cost) {
    boolean priced = DeclaredInputs.electricityPriced(cost);
    String text = money(cost.perMtok(), cost) + " per million output tokens, "
        + DeclaredInputs.label(Metric.COST_PER_MTOK, cost.energySource(), priced)
        + " (hardware " + money(cost.hardwarePerMtok(), cost) + " + electricity " + money(cost.energyPerMtok(), cost)
        + (Energy.DECLARED.equals(cost.energySource()) && priced ? " from the declared power" : "")
        + ", " + cost.basis() + ", at " + Quantity.format(cost.utilisationPercent(), Unit.PERCENT) + " utilisation)";
    return new Figure("cost", text, List.of(Value.measured("cost.per_mtok", Metric.COST_PER_MTOK,
        "cost per million output tokens (" + cost.currency() + ")", cost.perMtok(), Unit.CURRENCY, null).declared()));
  }

  private static String money(double value, CostRecord cost) {
    return Quantity.formatBare(value, Unit.CURRENCY) + " " + cost.currency();
  }

  private static String bytes(Long value) {
    return value == null ? "?" : Quantity.format(value, Unit.MEBIBYTES);
  }

  private static String figure(Double value, Unit unit) {
    return value == null ? "?" : Quantity.format(value, unit);
  }
}
