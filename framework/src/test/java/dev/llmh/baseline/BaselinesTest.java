package dev.llmh.baseline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmh.config.ConfigException;
import dev.llmh.constraint.ConstraintParser;
import dev.llmh.result.BaselineRecord;
import dev.llmh.result.BaselineRecord.MetricComparison;
import dev.llmh.result.SampleRecord;
import dev.llmh.verdict.ConstraintResult;
import dev.llmh.verdict.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BaselinesTest {
  private static final CaseKey KEY =
      new CaseKey("S", "p[concurrency=1]", Map.of("concurrency", "1"), "abc", "m", "simulated/openai-chat", 16, 0, 42, "unique-prefix");

  private static Baselines read(Map<String, String> properties, Map<String, Object> environment) {
    return Baselines.read(k -> Optional.ofNullable(properties.get(k)), Map.of(), environment);
  }

  private static List<SampleRecord> samples(double ttft, int n) {
    List<SampleRecord> samples = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      double t = ttft * (1 + 0.01 * i);
      samples.add(SampleRecord.builder().times(0.0, t, 10.0 + 0.1 * i, t + 30, t + 30).chunkMs(List.of(t, t + 10 + 0.1 * i, t + 20)).tokens(5, 3).finishReason("length").flags(List.of()).build());
    }
    return samples;
  }

  @Test
  void aMissingOrForeignBaselineIsAConfigurationError(@TempDir Path dir) throws Exception {
    assertThatThrownBy(() -> read(Map.of("llmh.baseline", dir.resolve("none.json").toString()), Map.of()))
        .isInstanceOf(ConfigException.class).hasMessageContaining("no such file").hasMessageContaining("llmh.saveBaseline");
    Path foreign = Files.writeString(dir.resolve("latest.json"), "{\"schemaVersion\": 1}");
    assertThatThrownBy(() -> read(Map.of("llmh.baseline", foreign.toString()), Map.of()))
        .isInstanceOf(ConfigException.class).hasMessageContaining("not an LLMH baseline");
    assertThatThrownBy(() -> read(Map.of("llmh.noiseBand", "lots"), Map.of())).isInstanceOf(ConfigException.class);
  }

  @Test
  void aFieldTheBaselineDidNotRecordIsNoDifferenceAndTheGpusCompareAsRead(@TempDir Path dir) throws Exception {
    Path old = dir.resolve("old.json");
    Baselines saving = read(Map.of("llmh.saveBaseline", old.toString()), Map.of("javaVersion", "17"));
    saving.keep(KEY, samples(100, 10));
    saving.save();
    Map<String, Object> withGpus = Map.of("javaVersion", "17", "gpus", java.util.List.of(), "gpusNotMeasured", "no nvidia-smi on the PATH");
    assertThat(read(Map.of("llmh.baseline", old.toString()), withGpus).compare(KEY, samples(100, 10)).warnings()).isEmpty();

    Path gpus = dir.resolve("gpus.json");
    Map<String, Object> h100 = new java.util.LinkedHashMap<>();
    h100.put("index", 0);
    h100.put("name", "NVIDIA H100");
    h100.put("memory_total_bytes", 81559L << 20);
    h100.put("driver_version", "550.54.15");
    Baselines savingGpus = read(Map.of("llmh.saveBaseline", gpus.toString()), Map.of("gpus", java.util.List.of(h100)));
    savingGpus.keep(KEY, samples(100, 10));
    savingGpus.save();
    assertThat(read(Map.of("llmh.baseline", gpus.toString()), Map.of("gpus", java.util.List.of(h100))).compare(KEY, samples(100, 10))
        .warnings()).as("the same GPUs, read back from the file").isEmpty();
    assertThat(read(Map.of("llmh.baseline", gpus.toString()), withGpus).compare(KEY, samples(100, 10)).warnings())
        .singleElement().asString().contains("another environment").contains("gpus [{index=0, name=NVIDIA H100");
  }

  @Test
  void savesThenComparesRefusesDifferentCasesAndWarnsOfAnotherEnvironment(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("base.json");
    Baselines saving = read(Map.of("llmh.saveBaseline", file.toString()), Map.of("javaVersion", "17"));
    saving.keep(KEY, samples(100, 10));
    assertThat(saving.save()).contains(file);

    Baselines comparing = read(Map.of("llmh.baseline", file.toString()), Map.of("javaVersion", "21"));
    Baselines.Comparison slower = comparing.compare(KEY, samples(125, 10));
    assertThat(slower.record().compared()).isTrue();
    MetricComparison ttft = slower.record().metrics().get("ttft_ms");
    assertThat(ttft.regression()).isTrue();
    assertThat(ttft.changePercent()).isBetween(20.0, 30.0);
    assertThat(slower.warnings()).singleElement().asString().contains("another environment").contains("javaVersion 17 → 21");
    assertThat(slower.record().metrics().get("tpot_ms").regression()).isFalse();

    CaseKey otherPrompt = new CaseKey("S", "p[concurrency=1]", Map.of("concurrency", "1"), "def", "m", "simulated/openai-chat", 16, 0, 42, "unique-prefix");
    Baselines.Comparison refused = comparing.compare(otherPrompt, samples(100, 10));
    assertThat(refused.record().compared()).isFalse();
    assertThat(refused.record().reason()).contains("prompt hash abc → def");
    assertThat(refused.warnings()).singleElement().asString().startsWith("not compared with the baseline");
    ConstraintResult judged = refused.judge(ConstraintParser.parse("ttft.p50 regression < 10%"));
    assertThat(judged.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(judged.message()).contains("prompt hash");

    CaseKey cached = new CaseKey("S", "p[concurrency=1]", Map.of("concurrency", "1"), "abc", "m", "simulated/openai-chat", 16, 0, 42, "shared-prefix");
    assertThat(comparing.compare(cached, samples(100, 10)).record().reason())
        .contains("prompt cache unique-prefix → shared-prefix");
    CaseKey fromBeforeTheMode = new CaseKey("S", "p[concurrency=1]", Map.of("concurrency", "1"), "abc", "m", "simulated/openai-chat", 16, 0, 42, null);
    assertThat(fromBeforeTheMode).isEqualTo(KEY);

    CaseKey missing = new CaseKey("S", "q[concurrency=1]", Map.of(), "abc", "m", "simulated/openai-chat", 16, 0, 42, "unique-prefix");
    assertThat(comparing.compare(missing, samples(100, 10)).record().reason()).contains("is not in the baseline");
  }

  @Test
  void regressionVerdictsAndTheirPinnedMessages() {
    var budget = ConstraintParser.parse("ttft.p50 regression < 10%");
    assertThat(RegressionJudge.judge(budget, null).message())
        .isEqualTo("ttft.p50 regression not judged against budget 10%: INCONCLUSIVE (no baseline: set -Dllmh.baseline)");
    ConstraintResult fail = RegressionJudge.judge(budget, record(21.3, 15.2, 27.9, 0.001));
    assertThat(fail.verdict()).isEqualTo(Verdict.FAIL);
    assertThat(fail.message()).isEqualTo("ttft.p50 regression = +21.3% [+15.2%, +27.9%] > budget 10%: FAIL");
    assertThat(RegressionJudge.judge(budget, record(1.0, -3.0, 4.5, 0.6)).message())
        .isEqualTo("ttft.p50 regression = +1.0% [-3.0%, +4.5%] < budget 10%: PASS");
    ConstraintResult straddles = RegressionJudge.judge(budget, record(9.0, 4.0, 14.0, 0.01));
    assertThat(straddles.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(straddles.message()).startsWith("ttft.p50 regression = +9.0% [+4.0%, +14.0%] < budget 10%: INCONCLUSIVE (");
  }

  private static BaselineRecord record(double change, double lower, double upper, double p) {
    return new BaselineRecord("b.json", true, null, 5.0,
        Map.of("ttft_ms", new MetricComparison(20, 20, 100.0, 100 + change, p, false, change, new Double[] {lower, upper}, lower > 5)));
  }
}
