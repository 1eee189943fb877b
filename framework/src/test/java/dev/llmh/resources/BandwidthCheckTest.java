package dev.llmh.resources;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class BandwidthCheckTest {

  @Test
  void seed004sRetractedRateIsFlaggedInTheIssuesWords() {
    PhysicsRecord r = BandwidthCheck.check(PhysicsInputs.of(4_700_000_000L, "declared", 0.9e12, "declared"), 620.0);

    assertThat(r.implausible()).isEqualTo("implausible: 620 tok/s × 4.7 GB = 2.9 TB/s exceeds 0.9 TB/s memory bandwidth");
    assertThat(r.impliedBytesPerS()).isCloseTo(2.914e12, within(1e6));
    assertThat(r.bandwidthUsePercent()).isCloseTo(323.78, within(0.01));
    assertThat(r.notMeasured()).isNull();
  }

  @Test
  void justBelowTheBandwidthIsPlausibleAndJustAboveIsNot() {
    PhysicsInputs inputs = PhysicsInputs.of(1_000_000_000L, "gguf", 100e9, "probe");

    PhysicsRecord below = BandwidthCheck.check(inputs, 99.9);
    PhysicsRecord above = BandwidthCheck.check(inputs, 100.1);

    assertThat(below.bandwidthUsePercent()).isCloseTo(99.9, within(1e-9));
    assertThat(below.implausible()).isNull();
    assertThat(above.bandwidthUsePercent()).isCloseTo(100.1, within(1e-9));
    // Figures that would read equal at two digits are given to as many as tell them apart.
    assertThat(above.implausible()).isEqualTo("implausible: 100 tok/s × 1 GB = 100.1 GB/s exceeds 100 GB/s memory bandwidth");
  }

  @Test
  void exactlyTheBandwidthIsStillPlausible() {
    PhysicsRecord r = BandwidthCheck.check(PhysicsInputs.of(2_000_000_000L, "declared", 50e9, "declared"), 25.0);

    assertThat(r.bandwidthUsePercent()).isEqualTo(100.0);
    assertThat(r.implausible()).isNull();
  }

  @Test
  void anUnknownInputGivesItsReasonAndNoUseFigure() {
    PhysicsInputs remote = new PhysicsInputs(4_700_000_000L, "ollama", null, null, null,
        "remote endpoint: declare llmh.hardware.memoryBandwidth", null, null);

    PhysicsRecord r = BandwidthCheck.check(remote, 40.0);

    assertThat(r.notMeasured()).isEqualTo("remote endpoint: declare llmh.hardware.memoryBandwidth");
    assertThat(r.bandwidthUsePercent()).isNull();
    assertThat(r.implausible()).isNull();
    // What is known is still recorded.
    assertThat(r.impliedBytesPerS()).isCloseTo(188e9, within(1.0));
    assertThat(r.modelBytesSource()).isEqualTo("ollama");
  }

  @Test
  void bothInputsUnknownNameBothReasonsAndNoRateNamesItsOwn() {
    PhysicsInputs none = new PhysicsInputs(null, null, "simulated server: it reads no model weights", null, null,
        "simulated server: its decode reads no memory to bound it", null, null);

    assertThat(none.notMeasured())
        .isEqualTo("simulated server: it reads no model weights; simulated server: its decode reads no memory to bound it");
    PhysicsRecord noRate = BandwidthCheck.check(PhysicsInputs.of(1_000_000L, "gguf", 1e9, "probe"), null);
    assertThat(noRate.notMeasured()).startsWith("no decode rate");
    assertThat(noRate.decodeRate()).isNull();
    assertThat(noRate.impliedBytesPerS()).isNull();
    assertThat(BandwidthCheck.check(PhysicsInputs.of(1_000_000L, "gguf", 1e9, "probe"), 0.0).notMeasured()).startsWith("no decode rate");
  }

  @Test
  void numbersReadAsTheIssueWritesThem() {
    assertThat(BandwidthCheck.number(620.0, 2)).isEqualTo("620");
    assertThat(BandwidthCheck.number(23.14, 2)).isEqualTo("23.1");
    assertThat(BandwidthCheck.number(2.914, 2)).isEqualTo("2.9");
    assertThat(BandwidthCheck.number(0.9, 2)).isEqualTo("0.9");
    assertThat(BandwidthCheck.number(0.0345, 2)).isEqualTo("0.035");
    assertThat(BandwidthCheck.implausible(10, 66_000_000L, 0.9004e12, 0.9e12))
        .isEqualTo("implausible: 10 tok/s × 66 MB = 900.4 GB/s exceeds 900 GB/s memory bandwidth");
  }

  @Test
  void theRecordIsWrittenInSnakeCase() throws Exception {
    PhysicsRecord r = BandwidthCheck.check(PhysicsInputs.of(4_700_000_000L, "declared", 0.9e12, "probe"), 620.0);

    JsonNode json = new ObjectMapper().valueToTree(r);

    assertThat(json.path("decode_rate").asDouble()).isEqualTo(620.0);
    assertThat(json.path("model_bytes").asLong()).isEqualTo(4_700_000_000L);
    assertThat(json.path("model_bytes_source").asText()).isEqualTo("declared");
    assertThat(json.path("implied_bytes_per_s").asDouble()).isCloseTo(2.914e12, within(1e6));
    assertThat(json.path("memory_bandwidth_bytes_per_s").asDouble()).isEqualTo(0.9e12);
    assertThat(json.path("bandwidth_source").asText()).isEqualTo("probe");
    assertThat(json.path("bandwidth_use_percent").asDouble()).isCloseTo(323.78, within(0.01));
    assertThat(json.path("implausible").asText()).startsWith("implausible: 620 tok/s");
    assertThat(json.has("notMeasured")).isFalse();
  }
}
