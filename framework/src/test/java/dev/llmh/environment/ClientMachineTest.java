package dev.llmh.environment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The client machine's facts against what Linux itself says in /proc. */
class ClientMachineTest {

  @Test
  void factsMatchProc() throws Exception {
    assumeTrue(Files.isReadable(Path.of("/proc/cpuinfo")), "not Linux: no /proc to compare with");
    List<String> cpuinfo = Files.readAllLines(Path.of("/proc/cpuinfo"));
    Map<String, Object> facts = ClientMachine.facts();
    String model = cpuinfo.stream().filter(l -> l.startsWith("model name")).findFirst()
        .map(l -> l.substring(l.indexOf(':') + 1).strip()).orElse(null);
    if (model != null) {
      assertThat(facts).containsEntry("cpuModel", model);
    }
    long processors = cpuinfo.stream().filter(l -> l.startsWith("processor")).count();
    assertThat(facts).containsEntry("logicalCores", processors);
    assertThat((Long) facts.get("physicalCores")).isBetween(1L, processors);
    String memTotal = Files.readAllLines(Path.of("/proc/meminfo")).get(0); // "MemTotal:  16318412 kB"
    assertThat(facts).containsEntry("memoryTotalBytes", Long.parseLong(memTotal.replaceAll("\\D", "")) * 1024);
    assertThat((String) facts.get("osDescription")).isNotBlank();
    assertThat(facts).containsEntry("jvmVersion", System.getProperty("java.vm.version")).doesNotContainKey("notMeasured");
  }

  @Test
  void loadAverageIsTheKernels() throws Exception {
    assumeTrue(Files.isReadable(Path.of("/proc/loadavg")), "not Linux: no /proc to compare with");
    List<Double> load = ClientMachine.loadAverage();
    String[] proc = Files.readString(Path.of("/proc/loadavg")).split(" ");
    assertThat(load).hasSize(3);
    // The 15-minute figure moves by hundredths between two reads a moment apart.
    assertThat(load.get(2)).isCloseTo(Double.parseDouble(proc[2]), within(0.2));
    assertThat(load).allSatisfy(l -> assertThat(l).isNotNegative());
  }
}
