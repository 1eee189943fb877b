package dev.llmh.residency;

import com.fasterxml.jackson.databind.JsonNode;
import dev.llmh.analysis.MeasuredCase;
import dev.llmh.client.ServerAnswer;
import dev.llmh.constraint.Quantity;
import dev.llmh.constraint.Unit;
import dev.llmh.endpoint.Endpoint;
import dev.llmh.feature.CaseFeature;
import dev.llmh.feature.PreparedCase;
import dev.llmh.measure.RequestSample;
import dev.llmh.plan.CasePlan;
import dev.llmh.result.CaseResult;
import dev.llmh.verdict.Findings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Where an Ollama server holds the case's model (seed 000: a failing TTFT may mean "layers are still
 * on the CPU"): {@code GET /api/ps} once the warm-up has loaded the model, before the first measured
 * request, and again once the measured phase is over, never while a measured request is in flight.
 * A model not wholly in GPU memory is recorded and warned about. Other servers say nothing of it:
 * their cases record nothing here.
 */
public final class ResidencyFeature implements CaseFeature.Stateless {
  private static final Duration ASK_TIMEOUT = Duration.ofSeconds(5);

  @Override
  public Part<Found> part(CasePlan plan) {
    return new PsPart(plan.target().api().ollama());
  }

  /** @param record null for a server other than Ollama */
  record Found(ResidencyRecord record) implements Findings {
    @Override
    public List<String> warnings() {
      if (record == null) {
        return List.of();
      }
      List<String> warnings = new ArrayList<>();
      for (ResidencyRecord.Model m : record.after() != null ? record.after() : record.before() != null ? record.before() : List.<ResidencyRecord.Model>of()) {
        if (m.sizeVramBytes() < m.sizeBytes()) {
          warnings.add(String.format(Locale.ROOT, "the model %s was %s in GPU memory (size_vram %s of size %s, Ollama's /api/ps):"
              + " %s, which slows prefill (TTFT) and decode", m.name(), Quantity.formatBare(m.vramPercent(), Unit.PERCENT) + "%",
              Quantity.format(m.sizeVramBytes(), Unit.MEBIBYTES), Quantity.format(m.sizeBytes(), Unit.MEBIBYTES),
              m.sizeVramBytes() == 0 ? "it runs on the CPU" : "its other layers are still on the CPU"));
        }
      }
      return warnings;
    }
  }

  private static final class PsPart implements Part<Found> {
    private final boolean ollama;
    private Endpoint endpoint;
    private List<ResidencyRecord.Model> before;
    private String unavailable;

    PsPart(boolean ollama) {
      this.ollama = ollama;
    }

    @Override
    public void prepare(PreparedCase prepared) {
      endpoint = prepared.endpoint();
    }

    @Override
    public void measuring(List<RequestSample> warmup) {
      if (ollama && endpoint != null) {
        before = look();
      }
    }

    @Override
    public Found findings(MeasuredCase measured) {
      if (!ollama || endpoint == null) {
        return new Found(null);
      }
      List<ResidencyRecord.Model> after = look();
      return new Found(new ResidencyRecord(endpoint.client().baseUrl() + "/api/ps", before, after, unavailable));
    }

    @Override
    public void record(Found found, CaseResult.Builder record) {
      if (found.record() != null) {
        record.section(ResidencyRecord.SECTION, found.record());
      }
    }

    /** The loaded models, or null with the reason kept. */
    private List<ResidencyRecord.Model> look() {
      ServerAnswer answer = endpoint.client().ask("api/ps", true, null, ASK_TIMEOUT);
      if (answer.json() == null) {
        unavailable = "GET api/ps: " + answer.unavailable();
        return null;
      }
      List<ResidencyRecord.Model> models = new ArrayList<>();
      for (JsonNode m : answer.json().path("models")) {
        long size = m.path("size").asLong();
        long vram = m.path("size_vram").asLong();
        models.add(new ResidencyRecord.Model(m.path("name").asText(), size, vram, size > 0 ? 100.0 * vram / size : 0));
      }
      return models;
    }
  }
}
