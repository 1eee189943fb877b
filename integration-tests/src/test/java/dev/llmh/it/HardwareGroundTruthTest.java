package dev.llmh.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.llmh.it.fixtures.HardwareScenario;
import dev.llmh.resources.CostRecord;
import dev.llmh.resources.Energy;
import dev.llmh.resources.PhysicsRecord;
import dev.llmh.result.CaseResult;
import dev.llmh.result.Section;
import dev.llmh.sim.SimulatedServer;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The serving hardware's figures through the whole engine, against a simulator decoding at exactly
 * 50 tok/s per stream: with 4 GB of weights declared and 100 GB/s of bandwidth, that rate would read
 * 200 GB/s, twice what the memory can feed — implausible. The client's
 * decode rate is checked against the simulator's record of the same requests, far finer than the
 * factor of two the check turns on.
 */
class HardwareGroundTruthTest {

  @Test
  void aDecodeRateAboveTheBandwidthIsFlaggedAndDeclaredPowerAndPricesGiveEnergyAndCost(@TempDir Path results) {
    try (SimulatedServer server = SimulatedServer.start(GroundTruth.decoding(1, 50).withHook(GroundTruth.NUMBERED))) {
      EngineRun run = EngineRun.watched(Map.of("llmh.endpoint", server.baseUrl(), "llmh.model", "any",
          "llmh.model.bytes", "4GB", "llmh.hardware.memoryBandwidth", "100GB/s", "llmh.power.watts", "100",
          "llmh.cost.perHour", "3.6"), results, HardwareScenario.class);
      CaseResult result = run.record().results().get(0);

      PhysicsRecord physics = result.section(Section.PHYSICS);
      // each request's TPOT the server's, on the server's 20 ms a token (a token too many is 20 ms / 19);
      // the checked rate the median of the requests' own
      GroundTruth.assertTpotsOnSchedule(result, GroundTruth.numberedPairs(result, server.servedRequests()), r -> 20.0, 20.0 / 19);
      assertThat(physics.decodeRate()).isCloseTo(result.metrics().get("decode_rate").p50(), within(1e-9));
      assertThat(physics.modelBytesSource()).isEqualTo("declared");
      assertThat(physics.bandwidthSource()).isEqualTo("declared");
      assertThat(physics.bandwidthUsePercent()).isCloseTo(physics.decodeRate() * 4e9 / 100e9 * 100, within(1e-6));
      assertThat(physics.implausible()).startsWith("implausible: ").contains(" tok/s × 4 GB = ")
          .endsWith(" GB/s exceeds 100 GB/s memory bandwidth");
      assertThat(result.section(Section.WARNINGS)).anyMatch(w -> w.startsWith(physics.implausible()));
      assertThat(result.constraints().get(0).verdict()).isEqualTo("FAIL");

      // a server at a URL that no llmh.server.pid names: no process to sample; energy from the declared 100 W
      Energy energy = result.section(Section.RESOURCES).energy();
      assertThat(energy.energySource()).isIn("declared", "rapl");
      long tokens = result.samples().stream().mapToLong(s -> s.outputTokens()).sum();
      if (energy.energySource().equals("declared")) {
        assertThat(energy.joules()).isCloseTo(100 * energy.windowMs() / 1000.0, within(0.1)); // window_ms is whole ms
      }
      assertThat(energy.perTokenJ()).isCloseTo(energy.joules() / tokens, within(1e-12));
      // the energy is over the counted requests' own span, the one throughput divides by
      assertThat(energy.windowMs()).isEqualTo(Math.round(result.throughput().wallMs()));
      // a declared power decides no budget unless trusted; a measured energy does
      assertThat(result.constraints().get(1).verdict()).isEqualTo(energy.energySource().equals("declared") ? "INCONCLUSIVE" : "PASS");
      if (energy.energySource().equals("declared")) {
        assertThat(result.constraints().get(1).message()).contains(" J (declared power) < budget 100 J: INCONCLUSIVE (not decided:");
      }

      // rented at 3.6 an hour, power included: 1,000 per second of generation, over the tokens generated per second
      CostRecord cost = result.section(Section.COST);
      assertThat(cost.basis()).isEqualTo("rented");
      assertThat(cost.perMtok()).isCloseTo(3.6 / (result.throughput().outputTokensPerSecond() * 3600) * 1e6, within(1e-9));
      assertThat(cost.energyPerMtok()).isZero();
      // every price is declared: not decided unless trusted
      assertThat(result.constraints().get(2).verdict()).isEqualTo("INCONCLUSIVE");
      assertThat(result.constraints().get(2).message()).contains(" USD (declared prices) < budget 1000000 USD: INCONCLUSIVE")
          .contains("set @Cost(trustDeclared = true) or llmh.cost.trustDeclared=true");

      assertThat(result.section(Section.RESOURCES).notMeasured()).isEqualTo("remote endpoint: no process to sample");
      assertThat(result.constraints().get(3).verdict()).isEqualTo("INCONCLUSIVE");
      assertThat(result.constraints().get(3).message()).startsWith("peak_rss not measured: remote endpoint: no process to sample");
      assertThat(result.verdict()).isEqualTo("FAIL");
      assertThat(run.console()).contains("  bandwidth  decode ").contains(" of 100 GB/s (declared)")
          .contains(" per million output tokens, declared prices");
      // the run ends counting the budgets nothing decided, and how to decide them
      assertThat(run.console()).containsPattern("LLMH undecided: [34] budgets INCONCLUSIVE in 1 case \\(.*[12] rests? on declared"
          + " figures: @Cost\\(trustDeclared = true\\) or -Dllmh.cost.trustDeclared=true\\)\n");
    }
  }

  @Test
  void withDeclaredFiguresTrustedTheirBudgetsDecide(@TempDir Path results) {
    try (SimulatedServer server = SimulatedServer.start(GroundTruth.decoding(1, 50))) {
      EngineRun run = EngineRun.watched(Map.of("llmh.endpoint", server.baseUrl(), "llmh.model", "any",
          "llmh.power.watts", "100", "llmh.cost.perHour", "3.6", "llmh.cost.trustDeclared", "true"), results,
          HardwareScenario.class);
      CaseResult result = run.record().results().get(0);
      assertThat(result.constraints().get(1).verdict()).isEqualTo("PASS");
      assertThat(result.constraints().get(2).verdict()).isEqualTo("PASS");
      assertThat(result.constraints().get(2).message()).contains(" USD (declared prices) < budget 1000000 USD: PASS");
    }
  }
}
