package dev.llmh.resources;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The environment's GPU list, from a stand-in nvidia-smi or its absence. */
class GpuInventoryTest {
  private static final long MIB = 1L << 20;

  @Test
  void eachGpuWithItsNameMemoryAndDriverFromOneCall(@TempDir Path dir) throws Exception {
    StandInNvidiaSmi smi = StandInNvidiaSmi.write(dir, "exit 1", String.join("; ",
        "echo '0, NVIDIA H100 80GB HBM3, 81559, 550.54.15'", "echo '1, NVIDIA H100 80GB HBM3, 81559, 550.54.15'"));
    Map<String, Object> block = GpuInventory.of(smi.path());
    assertThat(smi.runs()).containsExactly("--query-gpu=index,name,memory.total,driver_version --format=csv,noheader,nounits");
    assertThat(block).containsOnlyKeys("gpus");
    assertThat(block.get("gpus")).isEqualTo(List.of(
        Map.of("index", 0, "name", "NVIDIA H100 80GB HBM3", "memory_total_bytes", 81559 * MIB, "driver_version", "550.54.15"),
        Map.of("index", 1, "name", "NVIDIA H100 80GB HBM3", "memory_total_bytes", 81559 * MIB, "driver_version", "550.54.15")));
  }

  @Test
  void withoutNvidiaSmiTheListIsEmptyAndSaysWhy(@TempDir Path dir) {
    assertThat(GpuInventory.of(dir.toString()))
        .isEqualTo(Map.of("gpus", List.of(), "gpusNotMeasured", "no nvidia-smi on the PATH"));
  }

  @Test
  void aFailingNvidiaSmiIsRecordedWithItsMessage(@TempDir Path dir) throws Exception {
    StandInNvidiaSmi smi = StandInNvidiaSmi.write(dir, "exit 1",
        "echo \"NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver.\"; exit 9");
    assertThat(GpuInventory.of(smi.path())).isEqualTo(Map.of("gpus", List.of(), "gpusNotMeasured",
        "nvidia-smi ended with status 9: NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver."));
  }
}
