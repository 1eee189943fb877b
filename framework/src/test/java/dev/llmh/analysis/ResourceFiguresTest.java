package dev.llmh.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.llmh.hardware.HardwareFindings;
import dev.llmh.config.DeploymentFacts;
import dev.llmh.constraint.Metric;
import dev.llmh.measure.RequestSample;
import dev.llmh.resources.Energy;
import dev.llmh.resources.GpuResources;
import dev.llmh.resources.Resources;
import dev.llmh.verdict.CaseAnalysis;
import dev.llmh.verdict.CaseVerdict;
import dev.llmh.verdict.ConstraintResult;
import dev.llmh.verdict.Verdict;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Budgets on the serving hardware, judged from sampled series and figures set by hand. */
class ResourceFiguresTest {
  private static final long MS = 1_000_000;
  private static final long GIB = 1L << 30;

  /** Ten requests of 20 chunks, 10 ms apart, one after the other: 200 tokens from 0 to 2,081 ms. */
  private static List<RequestSample> tenRequests() {
    List<RequestSample> samples = new ArrayList<>();
    for (int r = 0; r < 10; r++) {
      long start = r * 209L;
      List<Long> times = new ArrayList<>();
      for (int k = 0; k < 20; k++) {
        times.add((start + 10 + k * 10L) * MS);
      }
      samples.add(RequestSample.builder(start * MS, times, times.get(19)).promptTokens(10).usageOutputTokens(20)
          .finishReason("stop").servedModel("m").build());
    }
    return samples;
  }

  /** Peak 5 GiB; CPU 50, 150, 100 %; two GPUs read twice (memory 10 + 12, then 11 + 12 GiB; power 100 + 150, 120 + 160 W). */
  private static Resources sampled(Energy energy) {
    GpuResources gpu = new GpuResources("nvidia-smi", 250, 2, List.of(), List.of(
        List.of(250L, 0, 10 * GIB, 90.0, 100.0), List.of(250L, 1, 12 * GIB, 80.0, 150.0),
        List.of(500L, 0, 11 * GIB, 95.0, 120.0), List.of(500L, 1, 12 * GIB, 85.0, 160.0)), null, null);
    return new Resources("pid 7 and its children", 250, 3, 5 * GIB, 4 * GIB, 100.0,
        List.of(List.of(250L, 4 * GIB, 50.0), List.of(500L, 5 * GIB, 150.0), List.of(750L, 3 * GIB, 100.0)), null, gpu,
        energy, null);
  }

  private static CaseAnalysis analyze(Resources resources, DeploymentFacts facts, String... constraints) {
    return OneFeatureAnalysis.analyze(
        tenRequests(), hardware(new ResourceInputs(resources, facts, null)), List.of(constraints));
  }

  @Test
  void judgesSampledSeriesByTheirObservedStatisticAndFiguresAsTheyAre() {
    Energy energy = new Energy(Energy.NVIDIA_SMI, 300.0, 143.5, 2090L, null, null);
    CaseAnalysis analysis = analyze(sampled(energy), DeploymentFacts.NONE,
        "peak_rss < 6GiB", "peak_rss < 5GiB", "cpu.mean < 90%", "cpu.max <= 150%", "gpu_memory.max < 24GiB",
        "gpu_power.mean < 0.3kW", "energy_per_token < 2J", "energy_per_token < 1J");
    List<ConstraintResult> results = analysis.constraints();
    assertThat(results).extracting(ConstraintResult::verdict).containsExactly(
        Verdict.PASS, Verdict.FAIL, Verdict.FAIL, Verdict.PASS, Verdict.PASS, Verdict.PASS, Verdict.PASS, Verdict.FAIL);
    assertThat(results.get(1).message()).isEqualTo("peak_rss = 5120 MiB >= budget 5120 MiB: FAIL");
    assertThat(results.get(2).message()).isEqualTo("cpu.mean = 100 % over 3 samples >= budget 90 %: FAIL");
    // the two GPUs together: 22 then 23 GiB; 250 then 280 W
    assertThat(results.get(4).observed()).isEqualTo(23.0 * GIB);
    assertThat(results.get(5).observed()).isEqualTo(265.0);
    // 300 J over the 200 output tokens
    assertThat(analysis.figures().get(Metric.ENERGY_PER_TOKEN)).isEqualTo(1.5);
    assertThat(results.get(7).message()).isEqualTo("energy_per_token = 1.5 J >= budget 1 J: FAIL");
    assertThat(analysis.verdict()).isEqualTo(CaseVerdict.FAIL);
  }

  @Test
  void aResourceThatCannotBeMeasuredIsInconclusiveWithTheReasonNeverAPass() {
    Resources remote = Resources.notMeasured("http://gpu-box:8000/v1", 250, "remote endpoint: no process to sample")
        .with(GpuResources.notMeasured("nvidia-smi", 250, "remote endpoint: its GPUs are not on this machine"),
            Energy.notMeasured("no nvidia-smi, RAPL or llmh.power.watts"));
    CaseAnalysis analysis = analyze(remote, DeploymentFacts.NONE,
        "peak_rss < 6GiB", "cpu.mean < 90%", "gpu_memory.max < 20GiB", "energy_per_token < 3J", "cost_per_mtok < 0.5USD");
    assertThat(analysis.constraints()).extracting(ConstraintResult::verdict).containsOnly(Verdict.INCONCLUSIVE);
    assertThat(analysis.constraints().get(0).message())
        .isEqualTo("peak_rss not measured: remote endpoint: no process to sample against budget 6144 MiB: INCONCLUSIVE");
    assertThat(analysis.constraints().get(2).message()).contains("its GPUs are not on this machine");
    assertThat(analysis.constraints().get(3).message()).contains("no nvidia-smi, RAPL or llmh.power.watts");
    assertThat(analysis.constraints().get(4).message()).contains("no prices declared");
    assertThat(analysis.verdict()).isEqualTo(CaseVerdict.INCONCLUSIVE);
    assertThat(analysis.figures()).doesNotContainKeys(Metric.PEAK_RSS, Metric.ENERGY_PER_TOKEN, Metric.COST_PER_MTOK);
    // more requests would not measure them: an adaptive measurement stops rather than run to its ceiling
    assertThat(analysis.settled()).isTrue();
    // a p99 bound needs 59 requests; 10 were measured: more requests could settle that one
    assertThat(analyze(remote, DeploymentFacts.NONE, "peak_rss < 6GiB", "ttft.p99 < 1s").settled()).isFalse();
  }

  @Test
  void costPerMillionTokensIsJudgedInItsCurrency() {
    DeploymentFacts rented = new DeploymentFacts("EUR", null, null, null, new DeploymentFacts.Cost(null, null, null,
        null, null, 1.0), null);
    CaseAnalysis analysis = analyze(sampled(Energy.notMeasured("no power source")), rented, "cost_per_mtok < 5EUR");
    // 200 tokens over 2,081 ms: 96.1 tok/s, 345,988 an hour at 1 EUR
    double expected = 1.0 / (200 / 2.081 * 3600) * 1e6;
    assertThat(analysis.figures().get(Metric.COST_PER_MTOK)).isCloseTo(expected, within(1e-9));
    // the prices are declared: the budget does not decide unless the user says declared figures do
    assertThat(analysis.constraints().get(0).message()).isEqualTo("cost_per_mtok = 2.89 EUR (declared prices) < budget"
        + " 5 EUR: INCONCLUSIVE (not decided: a figure from declared prices shows nothing about the server; set"
        + " @Cost(trustDeclared = true) or llmh.cost.trustDeclared=true to judge it)");
    assertThat(analysis.verdict()).isEqualTo(CaseVerdict.INCONCLUSIVE);
    assertThat(analysis.findings(HardwareFindings.class).hardware().cost().basis()).isEqualTo("rented");
    DeploymentFacts trusted = new DeploymentFacts("EUR", null, null, null, rented.cost(), true);
    CaseAnalysis judged = analyze(sampled(Energy.notMeasured("no power source")), trusted, "cost_per_mtok < 5EUR", "cost_per_mtok < 2EUR");
    assertThat(judged.constraints()).extracting(ConstraintResult::message).containsExactly(
        "cost_per_mtok = 2.89 EUR (declared prices) < budget 5 EUR: PASS",
        "cost_per_mtok = 2.89 EUR (declared prices) >= budget 2 EUR: FAIL");
  }

  @Test
  void anEnergyFromADeclaredPowerDecidesNoBudgetUnlessTrusted() {
    Energy declared = new Energy(Energy.DECLARED, 180.0, 90.0, 2000L, null, null);
    CaseAnalysis analysis = analyze(sampled(declared), DeploymentFacts.NONE, "energy_per_token < 2J", "energy_per_token < 0.5J");
    // 180 J over 200 tokens: 0.9 J, from a declared 90 W: neither PASS nor FAIL
    assertThat(analysis.figures().get(Metric.ENERGY_PER_TOKEN)).isEqualTo(0.9);
    assertThat(analysis.constraints()).extracting(ConstraintResult::verdict).containsOnly(Verdict.INCONCLUSIVE);
    assertThat(analysis.constraints().get(1).message()).isEqualTo("energy_per_token = 0.9 J (declared power) >= budget"
        + " 0.5 J: INCONCLUSIVE (not decided: a figure from declared power shows nothing about the server; set"
        + " @Cost(trustDeclared = true) or llmh.cost.trustDeclared=true to judge it)");
    CaseAnalysis trusted = analyze(sampled(declared), new DeploymentFacts(null, 90.0, null, null, null, true),
        "energy_per_token < 2J", "energy_per_token < 0.5J");
    assertThat(trusted.constraints()).extracting(ConstraintResult::message).containsExactly(
        "energy_per_token = 0.9 J (declared power) < budget 2 J: PASS",
        "energy_per_token = 0.9 J (declared power) >= budget 0.5 J: FAIL");
    // a measured energy decides as it is
    CaseAnalysis measured = analyze(sampled(new Energy(Energy.RAPL, 180.0, 90.0, 2000L, null, null)),
        DeploymentFacts.NONE,
        "energy_per_token < 2J");
    assertThat(measured.constraints().get(0).message()).isEqualTo("energy_per_token = 0.9 J < budget 2 J: PASS");
  }

  @Test
  void aDecodeRateTheMemoryCannotFeedLeavesEveryDecodeDerivedBudgetUndecided() {
    // 100 tok/s per stream, 4.7 GB from the GGUF at a probed 300 GB/s: at most 63.8 tok/s
    var probed = dev.llmh.resources.PhysicsInputs.of(4_700_000_000L, "gguf", 0.3e12, "probe");
    Energy rapl = new Energy(Energy.RAPL, 180.0, 90.0, 2000L, null, null);
    List<String> budgets = List.of("tpot.p50 < 50ms", "itl.p50 < 50ms", "decode_rate.p50 > 10tok/s", "throughput > 10tok/s",
        "energy_per_token < 2J", "ttft.p50 < 1s", "bandwidth_use <= 100%");
    CaseAnalysis analysis = OneFeatureAnalysis.analyze(
        tenRequests(), hardware(new ResourceInputs(sampled(rapl), DeploymentFacts.NONE, probed)), budgets);
    assertThat(analysis.constraints()).extracting(ConstraintResult::verdict).containsExactly(
        Verdict.INCONCLUSIVE, Verdict.INCONCLUSIVE, Verdict.INCONCLUSIVE, Verdict.INCONCLUSIVE, Verdict.INCONCLUSIVE,
        Verdict.PASS, Verdict.FAIL);
    assertThat(analysis.constraints().get(0).message()).startsWith("tpot.p50 = ").endsWith(": INCONCLUSIVE (not decided:"
        + " the decode rate is implausible: 100 tok/s × 4.7 GB = 470 GB/s exceeds 300 GB/s memory bandwidth; declare"
        + " llmh.model.bytes or llmh.hardware.memoryBandwidth if the check's inputs are wrong)");
    assertThat(analysis.verdict()).isEqualTo(CaseVerdict.FAIL); // the bandwidth_use budget fails on its own

    // undecided for a reason more requests would not change: an adaptive measurement stops
    CaseAnalysis speedOnly = OneFeatureAnalysis.analyze(
        tenRequests(), hardware(new ResourceInputs(sampled(rapl), DeploymentFacts.NONE, probed)),
        List.of("tpot.p50 < 50ms"));
    assertThat(speedOnly.verdict()).isEqualTo(CaseVerdict.INCONCLUSIVE);
    assertThat(speedOnly.settled()).isTrue();
    // declared bytes: the user answers for the check's inputs, and the budget decides
    var declaredBytes = dev.llmh.resources.PhysicsInputs.of(4_700_000_000L, "declared", 0.3e12, "probe");
    CaseAnalysis declared = OneFeatureAnalysis.analyze(
        tenRequests(), hardware(new ResourceInputs(sampled(rapl), DeploymentFacts.NONE, declaredBytes)),
        List.of("tpot.p50 < 50ms"));
    assertThat(declared.constraints().get(0).verdict()).isEqualTo(Verdict.PASS);
  }

  @Test
  void aDecodeRateAboveWhatTheMemoryCanFeedIsFlaggedAndBoundedByBandwidthUse() {
    // every request decodes 19 gaps of 10 ms: 100 tok/s per stream; 4.7 GB of weights at 0.3 TB/s allow 63.8 tok/s
    var inputs = dev.llmh.resources.PhysicsInputs.of(4_700_000_000L, "declared", 0.3e12, "declared");
    CaseAnalysis analysis = OneFeatureAnalysis.analyze(
        tenRequests(), hardware(new ResourceInputs(sampled(null), DeploymentFacts.NONE, inputs)),
        List.of("bandwidth_use <= 100%"));
    assertThat(analysis.figures().get(Metric.BANDWIDTH_USE)).isCloseTo(100 * 100 * 4.7e9 / 0.3e12, within(1e-6));
    assertThat(analysis.constraints().get(0).verdict()).isEqualTo(Verdict.FAIL);
    assertThat(analysis.findings(HardwareFindings.class).hardware().physics().implausible())
        .isEqualTo("implausible: 100 tok/s × 4.7 GB = 470 GB/s exceeds 300 GB/s memory bandwidth");
    assertThat(analysis.warnings()).anyMatch(w -> w.startsWith("implausible: 100 tok/s × 4.7 GB"));

    var unknown = new dev.llmh.resources.PhysicsInputs(null, null, "remote endpoint: declare llmh.model.bytes",
        0.3e12, "declared", null, null, null);
    CaseAnalysis remote = OneFeatureAnalysis.analyze(
        tenRequests(), hardware(new ResourceInputs(sampled(null), DeploymentFacts.NONE, unknown)),
        List.of("bandwidth_use <= 100%"));
    assertThat(remote.constraints().get(0).verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(remote.constraints().get(0).message()).contains("declare llmh.model.bytes");
  }

  private static java.util.function.Function<MeasuredCase, HardwareFindings> hardware(ResourceInputs inputs) {
    return m -> HardwareFindings.of(inputs, m);
  }
}
