package dev.llmh.reports;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.result.CaseResult;
import dev.llmh.result.RunRecord;
import dev.llmh.result.Section;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code compare A.json B.json} on runs whose TTFT distributions are known: B's shifted by a known
 * factor is a regression, B drawn again from A's distribution is not.
 */
class CompareCommandTest {
  private final ReportMainTest cli = new ReportMainTest();

  private static RunRecord run(double ttftMedian, long seed, CaseResult... extra) {
    List<CaseResult> cases = new java.util.ArrayList<>(List.of(
        Runs.measured(Runs.SCENARIO, "question", 1, "tiny", ttftMedian, seed, 40),
        Runs.measured(Runs.SCENARIO, "question", 4, "tiny", 100, seed + 1000, 40)));
    cases.addAll(List.of(extra));
    return Runs.run("2026-01-01T00:00:00Z", "2026-01-01T00:01:00Z", Runs.environment("17.0.12"), cases);
  }

  /** The row of {@code metric} of the case at {@code concurrency}. */
  private static String row(String report, int concurrency, String metric) {
    Matcher m = Pattern.compile("(?m)^\\| Chat › question \\[model=tiny, concurrency=" + concurrency + "\\] \\| tiny \\| " + metric + " \\|.*$")
        .matcher(report);
    assertThat(m.find()).as("row %s at concurrency %d in%n%s", metric, concurrency, report).isTrue();
    return m.group();
  }

  @Test
  void aTtftShiftedByThirtyPercentIsARegressionAndExitsOne(@TempDir Path dir) throws Exception {
    Path a = Runs.write(run(100, 1), dir, "A.json");
    Path b = Runs.write(run(130, 2), dir, "B.json");

    assertThat(cli.run("compare", a.toString(), b.toString())).isEqualTo(1);

    String report = cli.out();
    String ttft = row(report, 1, "ttft");
    assertThat(ttft).endsWith("| 40 / 40 | **REGRESSION** |");
    // Hodges–Lehmann on log values: the estimate lands near +30% and its interval holds it.
    Matcher change = Pattern.compile("\\| \\+(\\d+\\.\\d)% \\| \\[\\+(\\d+\\.\\d)%, \\+(\\d+\\.\\d)%\\] \\|").matcher(ttft);
    assertThat(change.find()).as(ttft).isTrue();
    double estimate = Double.parseDouble(change.group(1));
    double lower = Double.parseDouble(change.group(2));
    double upper = Double.parseDouble(change.group(3));
    assertThat(estimate).isBetween(24.0, 36.0);
    assertThat(lower).isGreaterThan(5.0).isLessThan(30.0);
    assertThat(upper).isGreaterThan(30.0);
    // Only TTFT moved: the other metrics of that case, and the other case, are within noise.
    assertThat(row(report, 1, "tpot")).endsWith("| within noise |");
    assertThat(row(report, 1, "e2e")).endsWith("| within noise |");
    assertThat(row(report, 4, "ttft")).endsWith("| within noise |");
    assertThat(report).contains("1 regression beyond the noise band: Chat › question [model=tiny, concurrency=1] ttft +");
    assertThat(cli.err()).isEmpty();
  }

  @Test
  void pureNoiseIsNoRegressionAndExitsZero(@TempDir Path dir) throws Exception {
    Path a = Runs.write(run(100, 1), dir, "A.json");
    Path b = Runs.write(run(100, 2), dir, "B.json");

    assertThat(cli.run("compare", a.toString(), b.toString())).isZero();
    assertThat(cli.out()).doesNotContain("REGRESSION").contains("No regression beyond the noise band in 8 comparisons.");
    assertThat(row(cli.out(), 1, "ttft")).endsWith("| within noise |");
    // Not one lucky draw: twenty more pairs from one distribution, none called a regression.
    for (long seed = 10; seed < 30; seed++) {
      assertThat(RunComparison.of(run(100, seed), run(100, seed + 100), 5).regressions()).as("seed %d", seed).isEmpty();
    }
  }

  @Test
  void aShiftInsideTheNoiseBandIsNoRegressionEvenWhenSignificant(@TempDir Path dir) throws Exception {
    Path a = Runs.write(run(100, 1), dir, "A.json");
    Path b = Runs.write(run(130, 2), dir, "B.json");
    // The same 30% is within a 50% band: significance alone never fails a build.
    assertThat(cli.run("compare", a.toString(), b.toString(), "--noise-band", "50%")).isZero();
    assertThat(row(cli.out(), 1, "ttft")).endsWith("| within noise |");
  }

  @Test
  void fasterIsSaidAndIsNoRegression(@TempDir Path dir) throws Exception {
    Path a = Runs.write(run(130, 1), dir, "A.json");
    Path b = Runs.write(run(100, 2), dir, "B.json");
    assertThat(cli.run("compare", a.toString(), b.toString())).isZero();
    assertThat(row(cli.out(), 1, "ttft")).endsWith("| faster |");
  }

  @Test
  void casesInOneFileOnlyAndCasesThatDifferAreListedNotCompared(@TempDir Path dir) throws Exception {
    CaseResult onlyA = Runs.measured(Runs.SCENARIO, "summary", 1, "tiny", 100, 7, 10);
    CaseResult onlyB = Runs.measured(Runs.SCENARIO, "question", 1, "small", 100, 8, 10);
    CaseResult promptA = Runs.measured("dev.llmh.samples.Other", "p", 1, "tiny", 100, 9, 10);
    CaseResult promptB = Runs.measured("dev.llmh.samples.Other", "p", 1, "tiny", 100, 10, 10);
    promptB = promptB.toBuilder().verdict("PASS", List.of(), "passed").section(Section.PROMPT_HASH, "another-prompt").build();
    Path a = Runs.write(run(100, 1, onlyA, promptA), dir, "A.json");
    Path b = Runs.write(run(100, 2, onlyB, promptB), dir, "B.json");

    assertThat(cli.run("compare", a.toString(), b.toString(), "-o", dir.resolve("cmp.md").toString())).isZero();
    String report = Files.readString(dir.resolve("cmp.md"));
    assertThat(report)
        .contains("Only in " + a + ":\n\n- Chat › summary [model=tiny, concurrency=1] (model tiny)\n")
        .contains("Only in " + b + ":\n\n- Chat › question [model=small, concurrency=1] (model small)\n")
        .contains("Not compared:\n\n- Other › p [model=tiny, concurrency=1] (model tiny): the case differs (prompt hash hash-p → another-prom)\n");
    assertThat(cli.out()).startsWith("LLMH comparison written to ");
  }

  @Test
  void environmentsThatDifferAreSaid(@TempDir Path dir) throws Exception {
    RunRecord other = run(100, 2);
    Map<String, Object> later = new java.util.LinkedHashMap<>(Runs.environment("21.0.4"));
    later.put("loadAverageBefore", List.of(1.5, 1.0, 0.5)); // a reading of that run, not of the machine
    other = Runs.run("2026-01-02T00:00:00Z", "2026-01-02T00:01:00Z", later, other.results());
    RunRecord first = run(100, 1);
    Map<String, Object> earlier = new java.util.LinkedHashMap<>(first.environment());
    earlier.put("loadAverageBefore", List.of(0.1, 0.2, 0.3));
    Path a = Runs.write(Runs.run("2026-01-01T00:00:00Z", "2026-01-01T00:01:00Z", earlier, first.results()), dir, "A.json");
    Path b = Runs.write(other, dir, "B.json");
    assertThat(cli.run("compare", a.toString(), b.toString())).isZero();
    assertThat(cli.out()).contains("The environments differ (a change may be the machine's, not the server's):\n\n- javaVersion 17.0.12 → 21.0.4\n")
        .doesNotContain("loadAverage");
  }

  /** What an embedded server's run records of itself: its URL holds a port the OS chose for that run. */
  private static Map<String, Object> withServer(Map<String, Object> machine, int port, String version, double load) {
    Map<String, Object> environment = new java.util.LinkedHashMap<>(machine);
    environment.put("loadAverageBefore", List.of(load, 0.2, 0.3));
    Map<String, Object> model = new java.util.LinkedHashMap<>(Map.of("model", "llmh-small", "quantization", "Q8_0"));
    Map<String, Object> server = new java.util.LinkedHashMap<>();
    server.put("endpoint", "http://127.0.0.1:" + port + "/v1");
    server.put("api", "openai-chat");
    server.put("server", "embedded");
    server.put("version", version);
    server.put("models", List.of(model));
    server.put("notMeasured", List.of("slots: http://127.0.0.1:" + port + "/slots answered 404"));
    environment.put("servers", List.of(server));
    return environment;
  }

  @Test
  void environmentsDifferingOnlyInPerRunReadingsDoNotDifferAndARealDifferenceIsNamedByItsPath(@TempDir Path dir)
      throws Exception {
    RunRecord first = run(100, 1);
    RunRecord second = run(100, 2);
    Path a = Runs.write(Runs.run("2026-01-01T00:00:00Z", "2026-01-01T00:01:00Z",
        withServer(first.environment(), 41233, "b1", 0.1), first.results()), dir, "A.json");
    Path b = Runs.write(Runs.run("2026-01-02T00:00:00Z", "2026-01-02T00:01:00Z",
        withServer(first.environment(), 39011, "b1", 1.7), second.results()), dir, "B.json");
    assertThat(cli.run("compare", a.toString(), b.toString())).isZero();
    assertThat(cli.out()).doesNotContain("environments differ");

    Path c = Runs.write(Runs.run("2026-01-02T00:00:00Z", "2026-01-02T00:01:00Z",
        withServer(first.environment(), 39011, "b2", 1.7), second.results()), dir, "C.json");
    assertThat(cli.run("compare", a.toString(), c.toString())).isZero();
    assertThat(cli.out()).contains("The environments differ (a change may be the machine's, not the server's):\n\n"
        + "- servers[0].version b1 → b2\n\n").doesNotContain("41233").doesNotContain("39011");
  }

  @Test
  void aCaseNotRunInOneFileIsListedAsNotRunThereNotAsOnlyInEither(@TempDir Path dir) throws Exception {
    CaseResult ran = Runs.measured(Runs.SCENARIO, "summary", 1, "tiny", 100, 7, 10);
    // As the engine records a case it could not run: the model asked for, none served, no samples.
    CaseResult.EndpointRecord asked = new CaseResult.EndpointRecord("embedded", true, null, null, null, null,
        "openai-chat", "embedded");
    CaseResult ranOnDefault = ran.toBuilder().endpoint(new CaseResult.EndpointRecord("http://127.0.0.1:1/v1", true, null, "llmh-small", null, null, "openai-chat", "embedded")).verdict("PASS", List.of(), "passed").build();
    CaseResult notRun = ran.toBuilder().endpoint(asked).constraints(List.of()).samples(List.of()).verdict("NOT_RUN", List.of("the embedded model could not be loaded"), "failed").section(Section.WARNINGS, List.of()).build();
    Path a = Runs.write(run(100, 1, ranOnDefault), dir, "A.json");
    Path b = Runs.write(run(100, 2, notRun), dir, "B.json");

    assertThat(cli.run("compare", a.toString(), b.toString())).isZero();
    assertThat(cli.out()).doesNotContain("Only in")
        .contains("Not compared:\n\n- Chat › summary [model=tiny, concurrency=1] (model tiny): not run in B"
            + " (the embedded model could not be loaded)\n");
  }

  @Test
  void badArgumentsAreOneLineAndExitTwo(@TempDir Path dir) throws Exception {
    Path a = Runs.write(run(100, 1), dir, "A.json");
    cli.assertOneLineError(cli.run("compare", a.toString()), "compare: expects two results files, A.json B.json, got 1 argument");
    cli.err.reset();
    cli.assertOneLineError(cli.run("compare", a.toString(), a.toString(), "--noise-band", "lots"),
        "compare: --noise-band 'lots' is not a percentage; write e.g. 5%");
    cli.err.reset();
    cli.assertOneLineError(cli.run("compare", a.toString(), dir.resolve("missing.json").toString()),
        "no results file at " + dir.resolve("missing.json"));
  }
}
