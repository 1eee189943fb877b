package dev.llmh.resources;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MemoryBandwidthProbeTest {

  @Test
  void thisMachinesBandwidthIsAPlausibleFigureTakenQuickly() {
    MemoryBandwidthProbe.Result r = MemoryBandwidthProbe.measure();
    System.out.println("memory bandwidth probe: " + r.describe() + ", " + Math.round(r.bytesPerSecond()) + " B/s");

    // Any machine this runs on lies between a slow laptop's DRAM and an HBM accelerator's.
    assertThat(r.bytesPerSecond()).isBetween(0.5e9, 2e12);
    assertThat(r.bufferBytes()).isGreaterThanOrEqualTo(256L << 20);
    assertThat(r.threads()).isEqualTo(Runtime.getRuntime().availableProcessors());
    assertThat(r.passes()).isBetween(2, 200);
    // About a second on a busy two-core machine; loose, but an unbounded probe would fail it.
    assertThat(r.millis()).isLessThan(4_000);
  }
}
