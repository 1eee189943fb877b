package dev.llmh.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.llmh.config.DeploymentFacts;
import dev.llmh.resources.CostRecord;
import dev.llmh.resources.Energy;
import org.junit.jupiter.api.Test;

class CostPerMillionTokensTest {

  /** The worked example: a 600-dollar GPU over three years, four hours a day at 200 W, 30 cents a kWh, 95 tok/s. */
  private static DeploymentFacts seed(double hoursPerDay) {
    return new DeploymentFacts("USD", null, null, null, new DeploymentFacts.Cost(600.0, 3.0, hoursPerDay, 0.30, null,
        null), null);
  }

  /** 200 W for the 100 s the phase lasted, over 9,500 tokens: 95 tok/s, 2.1 J per token. */
  private static final Energy TWO_HUNDRED_WATTS = new Energy(Energy.NVIDIA_SMI, 20_000.0, 200.0, 100_000L, null, null);

  @Test
  void reproducesSeed000sWorkedExample() {
    CostRecord fourHours = CostPerMillionTokens.of(seed(4), 95.0, TWO_HUNDRED_WATTS, 9_500);
    // "0.58 dollars per million tokens": 16.67 USD/month of hardware and 7.20 of power over 41 Mtok
    assertThat(fourHours.perMtok()).isCloseTo(0.58, within(0.005));
    assertThat(fourHours.energyPerTokenJ()).isCloseTo(200.0 / 95, within(1e-9));
    assertThat(fourHours.energyPerMtok()).isCloseTo(2.105 * 1e6 / 3.6e6 * 0.30, within(0.001));
    double mtokPerMonth = 95 * 3600 * 4 * (365.0 / 12) / 1e6; // "41 million tokens per month"
    assertThat(mtokPerMonth).isCloseTo(41, within(1.0));
    assertThat(fourHours.hardwarePerMtok() * mtokPerMonth).isCloseTo(16.67, within(0.01)); // "USD 16.70 per month"
    assertThat(fourHours.currency()).isEqualTo("USD");
    assertThat(fourHours.basis()).isEqualTo("owned");
    assertThat(fourHours.energySource()).isEqualTo("nvidia-smi");

    // "Run it one hour a day and the same hardware costs about USD 1.80 per million"
    assertThat(CostPerMillionTokens.of(seed(1), 95.0, TWO_HUNDRED_WATTS, 9_500).perMtok()).isCloseTo(1.80, within(0.03));
  }

  @Test
  void utilisationSpreadsTheHardwareOverFewerTokensButNotTheEnergy() {
    DeploymentFacts half = new DeploymentFacts("USD", null, null, null, new DeploymentFacts.Cost(600.0, 3.0, 4.0,
        0.30, 50.0, null), null);
    CostRecord full = CostPerMillionTokens.of(seed(4), 95.0, TWO_HUNDRED_WATTS, 9_500);
    CostRecord halved = CostPerMillionTokens.of(half, 95.0, TWO_HUNDRED_WATTS, 9_500);
    assertThat(halved.hardwarePerMtok()).isCloseTo(2 * full.hardwarePerMtok(), within(1e-9));
    assertThat(halved.energyPerMtok()).isEqualTo(full.energyPerMtok());
  }

  @Test
  void rentedHardwareIsPricedByTheHourWithPowerIncludedUnlessPriced() {
    DeploymentFacts rented = new DeploymentFacts("EUR", null, null, null, new DeploymentFacts.Cost(null, null, null,
        null, null, 1.0), null);
    CostRecord cost = CostPerMillionTokens.of(rented, 100.0, Energy.notMeasured("remote endpoint"), 1_000);
    assertThat(cost.perMtok()).isCloseTo(1.0 / 360_000 * 1e6, within(1e-9));
    assertThat(cost.energyPerMtok()).isZero();
    assertThat(cost.currency()).isEqualTo("EUR");
    assertThat(cost.basis()).isEqualTo("rented");
  }

  @Test
  void aMissingInputIsNotMeasuredWithTheReasonNeverZero() {
    assertThat(CostPerMillionTokens.of(DeploymentFacts.NONE, 95.0, TWO_HUNDRED_WATTS, 9_500).notMeasured())
        .startsWith("no prices declared");
    CostRecord noEnergy = CostPerMillionTokens.of(seed(4), 95.0, Energy.notMeasured("no nvidia-smi on the PATH"), 9_500);
    assertThat(noEnergy.perMtok()).isNull();
    assertThat(noEnergy.notMeasured()).contains("energy per token not measured (no nvidia-smi on the PATH)");
    assertThat(CostPerMillionTokens.of(seed(4), null, TWO_HUNDRED_WATTS, 0).notMeasured()).startsWith("no throughput");
  }
}
