package dev.llmh.baseline;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EnvironmentDifferencesTest {
  private static Map<String, Object> environment(String url, int pid, String cpu, List<Object> gpus) {
    return Map.of("cpuModel", cpu, "loadAverageBefore", List.of(pid / 100.0),
        "servers", List.of(Map.of("endpoint", url, "pid", pid, "models", List.of(Map.of("file", "small.gguf")))),
        "gpus", gpus);
  }

  @Test
  void eachDifferingLeafIsNamedByItsPathAndPerRunReadingsAreNot() {
    Map<String, Object> a = environment("http://127.0.0.1:41233/v1", 4100, "EPYC", List.of("A100"));
    Map<String, Object> b = environment("http://127.0.0.1:39011/v1", 5200, "EPYC", List.of("A100"));
    assertThat(EnvironmentDifferences.of(a, b)).isEmpty();

    Map<String, Object> c = environment("http://10.0.0.5:8080/v1", 5200, "Xeon", List.of("A100", "A100"));
    assertThat(EnvironmentDifferences.of(a, c)).containsExactlyInAnyOrder(
        "cpuModel EPYC → Xeon",
        // a remote server's port is where it was configured to listen, not a pick of the run
        "servers[0].endpoint http://127.0.0.1:<port>/v1 → http://10.0.0.5:8080/v1",
        "gpus [A100] → [A100, A100]");
  }

  @Test
  void aKeyOnlyOneSideRecordsIsNoDifference() {
    Map<String, Object> older = Map.of("javaVersion", "17");
    Map<String, Object> newer = Map.of("javaVersion", "17", "gpus", List.of("A100"));
    assertThat(EnvironmentDifferences.of(older, newer)).isEmpty();
    assertThat(EnvironmentDifferences.of(null, newer)).isEmpty();
  }
}
