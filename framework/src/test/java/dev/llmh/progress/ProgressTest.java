package dev.llmh.progress;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.config.Api;
import dev.llmh.config.Config;
import dev.llmh.measure.RequestSample;
import dev.llmh.plan.CasePlan;
import dev.llmh.runner.DeclaredSettings;
import dev.llmh.runner.ParamDeclaration;
import dev.llmh.runner.PromptDeclaration;
import dev.llmh.runner.ScenarioRunner;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The whole path from ended requests to printed lines, on a clock the test moves. */
class ProgressTest {
  private static final long SECOND = 1_000_000_000L;

  private final Captured captured = new Captured();
  private final AtomicLong now = new AtomicLong(5 * SECOND);
  private final Progress progress =
      new Progress(new ProgressOutput(captured.stream, false, Duration.ofSeconds(10), 80), now::get, Duration.ZERO);

  private String printed() {
    return captured.take();
  }

  @Test
  void endedRequestsBecomeTheLineAndOnlyTheCurrentCaseCounts() {
    CasePlan plan = plan("toGerman");
    progress.caseStarted(plan);
    now.addAndGet(30 * SECOND); // the endpoint opening: no line before the requests begin
    progress.tick();
    assertThat(printed()).isEmpty();

    long begin = now.get();
    progress.sending(plan, 2);
    progress.warmedUp(plan, sample(begin, 50, null));
    progress.warmedUp(plan, sample(begin, 50, null));
    long measurementStart = begin + SECOND;
    progress.measured(plan, 0, sample(measurementStart, 100, null), measurementStart);
    progress.measured(plan, 1, sample(measurementStart, 300, null), measurementStart);
    progress.measured(plan, 2, sample(measurementStart, -1, "HTTP 500: boom"), measurementStart);
    progress.measured(plan("other"), 3, sample(measurementStart, 900, null), measurementStart);
    now.set(begin + 9 * SECOND);
    progress.tick();
    assertThat(printed()).as("not yet an interval into the case").isEmpty();

    now.set(begin + 10 * SECOND);
    progress.tick();
    // 3 measured in 9 s: 3 s each, 9 more take 27 s.
    assertThat(printed()).isEqualTo("LLMH 3/12 requests, 10s elapsed, ~27s left, ttft p50 200 ms, 1 failed"
        + " (Translate › toGerman [concurrency=1])" + System.lineSeparator());
    progress.caseEnded();
    now.addAndGet(60 * SECOND);
    progress.tick();
    assertThat(printed()).as("an ended case shows nothing more").isEmpty();
  }

  @Test
  void phasesAreLinesOfTheirOwn() {
    progress.phase("starting embedded llama.cpp server…");
    assertThat(printed()).isEqualTo("LLMH starting embedded llama.cpp server…" + System.lineSeparator());
  }

  @Test
  void offPrintsNothingAndStartsNoThread() {
    PrintStream original = System.out;
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    try {
      System.setOut(new PrintStream(console, true, StandardCharsets.UTF_8));
      Progress off = Progress.start(new Config.Progress(false, Duration.ofMillis(1)));
      CasePlan plan = plan("toGerman");
      off.phase("starting embedded llama.cpp server…");
      off.caseStarted(plan);
      off.sending(plan, 0);
      off.measured(plan, 0, sample(0, 100, null), 0);
      off.caseEnded();
      off.close();
    } finally {
      System.setOut(original);
    }
    assertThat(console.size()).isZero();
    assertThat(Thread.getAllStackTraces().keySet()).noneMatch(thread -> thread.getName().equals("llmh-progress"));
  }

  /** A request sent at {@code start} whose first token came {@code ttftMillis} later (none when negative). */
  private static RequestSample sample(long start, long ttftMillis, String error) {
    List<Long> chunks = ttftMillis < 0 ? List.of() : List.of(start + ttftMillis * 1_000_000);
    return RequestSample.builder(start, chunks, start + 2 * SECOND).finishReason("stop").servedModel("m").error(error)
        .build();
  }

  private static CasePlan plan(String prompt) {
    ScenarioRunner runner = new ScenarioRunner() {
      public String scenarioClassName() { return "com.example.Translate"; }
      public List<PromptDeclaration> prompts() { return List.of(); }
      public List<ParamDeclaration> params() { return List.of(); }
      public String prompt(String name, Map<String, String> values) { return name; }
    };
    return new CasePlan(runner, new PromptDeclaration(prompt, prompt, false, DeclaredSettings.builder().build(), null), Map.of(),
        new CasePlan.Target("simulated", "m", Api.OPENAI_CHAT, false, Map.of(), null, null),
        new CasePlan.Requests(1, 2, 12, 12, null, Duration.ofMinutes(1)), new CasePlan.Sampling(0.0, 42, 16, null),
        new CasePlan.Verdicts(List.of(), 0.95, "skip"), dev.llmh.config.Defaults.RECORD_TEXT_CHARS);
  }
}
