package dev.llmh.resources;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The memory bandwidth of a GPU from its model, as {@code nvidia-smi} names it, by a table of the
 * vendor's datasheet figures (GB/s, decimal). The first row whose pattern is found in the name
 * (ignoring case) wins, so a variant comes before its family ({@code H100 PCIe} before
 * {@code H100}). A datasheet figure is a peak, which a decode step reaches at most: it bounds a rate
 * from above, as the physics check needs. A GPU not in the table has no figure: declare
 * {@code llmh.hardware.memoryBandwidth}.
 */
public final class GpuBandwidth {
  /** A table row: the model it matches and its bandwidth in GB/s. */
  record Row(String model, Pattern name, double gigabytesPerSecond) {}

  static final List<Row> TABLE = List.of(
      row("H200", "H200", 4800),
      row("H100 NVL", "H100.*NVL", 3900),
      row("H100 PCIe", "H100.*PCIe", 2000),
      row("H100 SXM", "H100", 3350),
      row("A100 80GB PCIe", "A100.*80GB.*PCIe|A100-PCIE-80GB", 1935),
      row("A100 80GB SXM", "A100.*80GB", 2039),
      row("A100 40GB", "A100", 1555),
      row("L40S", "L40S", 864),
      row("L40", "L40\\b", 864),
      row("L4", "\\bL4\\b", 300),
      row("A10G", "A10G", 600),
      row("A10", "\\bA10\\b", 600),
      row("T4", "\\bT4\\b", 320),
      row("V100", "V100", 900),
      row("RTX 6000 Ada", "RTX 6000 Ada", 960),
      row("RTX A6000", "RTX A6000", 768),
      row("GeForce RTX 5090", "RTX 5090", 1792),
      row("GeForce RTX 4090", "RTX 4090", 1008),
      row("GeForce RTX 4080", "RTX 4080\\b", 717),
      row("GeForce RTX 3090 Ti", "RTX 3090 Ti", 1008),
      row("GeForce RTX 3090", "RTX 3090", 936));

  private GpuBandwidth() {}

  private static Row row(String model, String pattern, double gigabytesPerSecond) {
    return new Row(model, Pattern.compile(pattern, Pattern.CASE_INSENSITIVE), gigabytesPerSecond);
  }

  /** The table's row for the GPU named {@code name}, if any. */
  static Optional<Row> of(String name) {
    return TABLE.stream().filter(r -> r.name().matcher(name).find()).findFirst();
  }
}
