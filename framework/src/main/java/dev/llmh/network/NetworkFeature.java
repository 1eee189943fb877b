package dev.llmh.network;

import dev.llmh.analysis.MeasuredCase;
import dev.llmh.client.wire.RoundTrip;
import dev.llmh.feature.CaseFeature;
import dev.llmh.feature.PreparedCase;
import dev.llmh.plan.CasePlan;
import dev.llmh.result.CaseResult;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The phases of every request ({@code connect}, {@code tls}, {@code waiting}) and the endpoint's round
 * trip, from what each sample's client saw of its HTTP; the record's {@code network}. It sends and
 * starts nothing: the round trip was measured as the endpoint opened.
 */
public final class NetworkFeature implements CaseFeature.Stateless {
  @Override
  public Part<NetworkPhases> part(CasePlan plan) {
    return new NetworkPart(plan.verdicts().confidence(), new AtomicReference<>());
  }

  /** @param roundTrip the endpoint's, once the case is prepared */
  private record NetworkPart(double confidence, AtomicReference<RoundTrip> roundTrip) implements Part<NetworkPhases> {
    @Override
    public void prepare(PreparedCase prepared) {
      roundTrip.set(prepared.endpoint().client().roundTrip());
    }

    @Override
    public NetworkPhases findings(MeasuredCase measured) {
      return NetworkPhases.of(measured, roundTrip.get(), confidence);
    }

    /** Written when the client saw a request's phases; a case of another client records as before. */
    @Override
    public void record(NetworkPhases found, CaseResult.Builder record) {
      if (found.seen() > 0) {
        record.section(NetworkRecord.SECTION, NetworkRecord.of(found));
      }
    }
  }
}
