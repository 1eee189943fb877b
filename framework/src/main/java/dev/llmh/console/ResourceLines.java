package dev.llmh.console;

import dev.llmh.constraint.Metric;
import dev.llmh.constraint.Quantity;
import dev.llmh.constraint.Unit;
import dev.llmh.resources.CostRecord;
import dev.llmh.resources.DeclaredInputs;
import dev.llmh.resources.Energy;
import dev.llmh.resources.GpuResources;
import dev.llmh.resources.GpuServerShare;
import dev.llmh.resources.PhysicsRecord;
import dev.llmh.resources.Resources;
import dev.llmh.result.CaseResult;
import dev.llmh.result.Section;
import java.util.Locale;

/**
 * A case's serving hardware in a few lines: the process's memory and CPU, the GPUs, energy per
 * token and cost per million tokens. Figures never measured on this kind of machine (no GPU, no
 * prices declared) are left out here; the results file says why each is not measured.
 */
final class ResourceLines {
  private ResourceLines() {}

  static void append(StringBuilder out, CaseResult result) {
    Resources r = result.section(Section.RESOURCES);
    if (r == null) {
      return;
    }
    if (r.notMeasured() != null) {
      out.append("  process    not measured: ").append(r.notMeasured()).append('\n');
    } else {
      out.append("  process    peak rss ").append(bytes(r.peakRssBytes())).append(", cpu ")
          .append(Quantity.format(r.meanCpuPercent(), Unit.PERCENT)).append(" of a core on average (").append(r.source())
          .append(", ").append(r.samples()).append(r.samples() == 1 ? " sample every " : " samples every ").append(r.intervalMs()).append(" ms)\n");
    }
    GpuResources gpu = r.gpu();
    if (gpu != null && gpu.notMeasured() == null) {
      out.append("  gpus       ");
      for (GpuResources.Gpu g : gpu.gpus()) {
        out.append(g.index() == 0 ? "" : "; ").append(g.index()).append(' ').append(g.name()).append(": memory peak ")
            .append(bytes(g.peakMemoryBytes())).append(", ").append(figure(g.meanUtilizationPercent(), Unit.PERCENT))
            .append(" busy, ").append(figure(g.meanPowerWatts(), Unit.WATTS)).append(" mean");
      }
      out.append(" (the machine's)\n");
      server(out, gpu.server());
    }
    Energy energy = r.energy();
    if (energy != null && energy.perTokenJ() != null) {
      out.append(String.format(Locale.ROOT, "  energy     %s per token (%s%s: %s mean over %s)%n",
          Quantity.format(energy.perTokenJ(), Unit.JOULES), energy.energySource(),
          Energy.DECLARED.equals(energy.energySource()) ? ", an estimate from the declared power" : "",
          Quantity.format(energy.meanWatts(), Unit.WATTS), Quantity.format(energy.windowMs(), Unit.MILLISECONDS)));
    }
    PhysicsRecord physics = result.section(Section.PHYSICS);
    if (physics != null && physics.bandwidthUsePercent() != null) {
      out.append(String.format(Locale.ROOT, "  bandwidth  decode %s tok/s per stream × %s of weights (%s) = %s/s, %s of %s/s%s (%s)%n",
          Quantity.formatBare(physics.decodeRate(), Unit.TOKENS_PER_SECOND),
          Quantity.format(physics.modelBytes(), Unit.MEGABYTES), physics.modelBytesSource(),
          Quantity.format(physics.impliedBytesPerS(), Unit.GIGABYTES),
          Quantity.format(physics.bandwidthUsePercent(), Unit.PERCENT),
          Quantity.format(physics.memoryBandwidthBytesPerS(), Unit.GIGABYTES),
          physics.bandwidthMemory() == null ? "" : " of " + physics.bandwidthMemory().toUpperCase(Locale.ROOT), physics.bandwidthSource()));
    }
    CostRecord cost = result.section(Section.COST);
    if (cost != null && cost.perMtok() != null) {
      // Every price is declared, and the electricity's energy may be too: the line says so beside each.
      out.append("  cost       ").append(money(cost.perMtok(), cost)).append(" per million output tokens, ")
          .append(DeclaredInputs.label(Metric.COST_PER_MTOK, cost.energySource(), DeclaredInputs.electricityPriced(cost)))
          .append(" (hardware ").append(money(cost.hardwarePerMtok(), cost)).append(" + electricity ")
          .append(money(cost.energyPerMtok(), cost))
          .append(Energy.DECLARED.equals(cost.energySource()) && DeclaredInputs.electricityPriced(cost) ? " from the declared power" : "")
          .append(", ").append(cost.basis()).append(", at ").append(Quantity.format(cost.utilisationPercent(), Unit.PERCENT))
          .append(" utilisation)\n");
    } else if (cost != null && !cost.notMeasured().startsWith(CostRecord.NO_PRICES)) {
      out.append("  cost       not measured: ").append(cost.notMeasured()).append('\n');
    }
  }

  /** The serving process's share of the GPUs: what its budgets and energy rest on. */
  private static void server(StringBuilder out, GpuServerShare share) {
    if (share == null) {
      return;
    }
    out.append("  gpu share  ");
    if (GpuServerShare.GPU.equals(share.device())) {
      out.append("the server's: memory peak ").append(bytes(share.peakMemoryBytes())).append(" on GPU ")
          .append(share.gpuIndexes()).append(", ").append(share.powerNotMeasured() == null
              ? Quantity.format(share.meanPowerWatts(), Unit.WATTS) + " mean" : "power not measured: " + share.powerNotMeasured());
    } else {
      out.append(share.device() == null ? "not known: " : "none, the server computes on the CPU: ").append(share.basis());
    }
    out.append('\n');
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
