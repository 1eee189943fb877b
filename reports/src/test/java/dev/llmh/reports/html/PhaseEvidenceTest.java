package dev.llmh.reports.html;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.analysis.ConversationResult.ContextFit;
import dev.llmh.reports.html.PhaseEvidence.Signature;
import dev.llmh.result.CaseResult;
import dev.llmh.result.FitRecord;
import dev.llmh.result.RunRecord;
import java.util.List;
import org.junit.jupiter.api.Test;

class PhaseEvidenceTest {

  private static FitRecord fit(double slope, double r2, boolean linear, List<Double> slopeCi) {
    return new FitRecord("S", "m", 1, null,
        new FitRecord.Line("prompt_tokens", "ttft_ms", slope, 20, r2, slopeCi, 30, List.of(128, 512, 2048), linear),
        linear && slope > 0 ? 1000 / slope : null, null, 0.95, null, null);
  }

  private static ContextFit drift(double slope, double lo, double hi) {
    return new ContextFit("context_tokens", "tpot_ms", 20, slope, 9.0, 0.9, List.of(lo, hi), null);
  }

  private static List<Signature> signatures(PhaseEvidence e) {
    return e.matches().stream().map(PhaseEvidence.Match::signature).toList();
  }

  @Test
  void ttftGrowingWithPromptLengthIsEvidenceOfPrefill() {
    PhaseEvidence e = PhaseEvidence.of(0.7, fit(0.05, 0.99, true, List.of(0.045, 0.055)), null, 0.05);
    assertThat(signatures(e)).containsExactly(Signature.PREFILL);
    assertThat(e.phase()).isEqualTo("before the first token");
    assertThat(e.summary()).contains("70% of E2E before the first token").contains("Evidence for prefill")
        .contains("0.05 ms per prompt token").contains("20000 tok/s");
  }

  @Test
  void ttftHighAtAFixedPromptPointsToCacheOrQueueing() {
    PhaseEvidence e = PhaseEvidence.of(0.8, null, null, 0.05);
    assertThat(signatures(e)).containsExactly(Signature.CACHE_OR_QUEUEING);
    assertThat(e.summary()).contains("80% of E2E passes before the first token at a prompt length that was not varied");
  }

  @Test
  void aPromptKeptOutOfTheCacheByTheHarnessIsSaid() {
    assertThat(PhaseEvidence.of(0.8, null, null, 0.05, "unique-prefix").summary())
        .contains("each request here began with a unique marker");
    assertThat(PhaseEvidence.of(0.8, null, null, 0.05, "shared-prefix").summary()).doesNotContain("unique marker");
  }

  @Test
  void aFitThatIsNotALineIsNoEvidenceOfPrefill() {
    PhaseEvidence notLinear = PhaseEvidence.of(0.8, fit(0.05, 0.3, false, List.of(-0.1, 0.2)), null, null);
    assertThat(signatures(notLinear)).containsExactly(Signature.CACHE_OR_QUEUEING);
    assertThat(notLinear.summary()).contains("TTFT does not grow with");
    // A slope whose interval reaches zero does not show growth either.
    assertThat(signatures(PhaseEvidence.of(0.8, fit(0.05, 0.95, true, List.of(-0.01, 0.11)), null, null)))
        .containsExactly(Signature.CACHE_OR_QUEUEING);
  }

  @Test
  void tpotDriftingUpOverAConversationPointsToTheKvCache() {
    PhaseEvidence e = PhaseEvidence.of(0.2, null, drift(0.006, 0.004, 0.008), 0.3);
    assertThat(signatures(e)).containsExactly(Signature.KV_CACHE);
    assertThat(e.phase()).isEqualTo("decode");
    assertThat(e.summary()).contains("TPOT rises 6 ms per 1000 context tokens");
  }

  @Test
  void tpotFlatPointsToBandwidthOverAConversationAndAcrossRequests() {
    assertThat(signatures(PhaseEvidence.of(0.2, null, drift(0.0005, -0.001, 0.002), 0.5))).containsExactly(Signature.BANDWIDTH);
    PhaseEvidence steady = PhaseEvidence.of(0.25, null, null, 0.05);
    assertThat(signatures(steady)).containsExactly(Signature.BANDWIDTH);
    assertThat(steady.summary()).contains("decode takes 75% of E2E").contains("coefficient of variation 0.05")
        .contains("consistent with");
  }

  @Test
  void noSignatureIsClaimedWhenNoneMatches() {
    PhaseEvidence e = PhaseEvidence.of(0.25, null, null, 0.6);
    assertThat(e.matches()).isEmpty();
    assertThat(e.summary()).contains("No known pattern matches");
    assertThat(PhaseEvidence.of(0.25, null, null, null).matches()).isEmpty();
  }

  @Test
  void withoutASucceededRequestNothingIsClaimed() {
    PhaseEvidence e = PhaseEvidence.of(null, null, null, 0.05);
    assertThat(e.notMeasured()).contains("no request succeeded");
    assertThat(e.summary()).startsWith("not measured:");
  }

  @Test
  void casesOfARecordFindTheirOwnFitAndSignature() {
    RunRecord run = RichRun.record();
    assertThat(run.fits()).hasSize(1);
    for (CaseResult r : run.results()) {
      PhaseEvidence e = PhaseEvidence.of(r, run.fits());
      switch (r.scenario().substring(RichRun.PKG.length())) {
        case "PromptLengthSweep" -> {
          assertThat(PhaseEvidence.fitFor(r, run.fits())).isSameAs(run.fits().get(0));
          assertThat(signatures(e)).contains(Signature.PREFILL);
        }
        case "LongConversation" -> assertThat(signatures(e)).containsExactly(Signature.KV_CACHE);
        case "ModelsSideBySide" -> assertThat(signatures(e)).containsExactly(Signature.BANDWIDTH);
        default -> {
          if (r.section(dev.llmh.result.Section.ERROR) != null) {
            assertThat(e.notMeasured()).startsWith("the case did not run");
          } else {
            assertThat(PhaseEvidence.fitFor(r, run.fits())).isNull();
          }
        }
      }
    }
  }
}
