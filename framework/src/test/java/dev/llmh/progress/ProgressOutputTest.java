package dev.llmh.progress;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintStream;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ProgressOutputTest {
  private static final long SECOND = 1_000_000_000L;
  private static final String ERASE = ProgressOutput.ERASE_TO_END_OF_LINE;

  private final Captured captured = new Captured();
  private final PrintStream out = captured.stream;

  private String printed() {
    return captured.take();
  }

  @Test
  void aLogGetsAtMostOneLinePerIntervalTheFirstAnIntervalIntoTheCase() {
    ProgressOutput log = new ProgressOutput(out, false, Duration.ofSeconds(10), 80);
    long since = 1_000 * SECOND; // nanoTime has no zero of its own
    log.show("a", since, since + 9 * SECOND);
    assertThat(printed()).as("a short case prints nothing extra").isEmpty();
    log.show("b", since, since + 10 * SECOND);
    assertThat(printed()).isEqualTo("b" + System.lineSeparator());
    log.show("c", since, since + 19 * SECOND);
    assertThat(printed()).isEmpty();
    log.show("d", since, since + 20 * SECOND);
    assertThat(printed()).isEqualTo("d" + System.lineSeparator());
    log.caseEnded("e");
    assertThat(printed()).as("the case's block follows; a log needs no closing line").isEmpty();

    long next = since + 25 * SECOND;
    log.show("f", next, next + 5 * SECOND);
    assertThat(printed()).as("the next case waits its own interval").isEmpty();
    log.show("g", next, next + 10 * SECOND);
    assertThat(printed()).isEqualTo("g" + System.lineSeparator());
    assertThat(log.terminal()).isFalse();
  }

  @Test
  void aTerminalRewritesOneLineInPlaceAndClosesItWhenTheCaseEnds() {
    ProgressOutput terminal = new ProgressOutput(out, true, Duration.ofSeconds(10), 80);
    terminal.show("LLMH 1/12 requests", 0, 0);
    terminal.show("LLMH 2/12 requests", 0, SECOND);
    assertThat(printed()).isEqualTo("\rLLMH 1/12 requests" + ERASE + "\rLLMH 2/12 requests" + ERASE);
    terminal.message("LLMH embedded server ready in 4.2 s");
    assertThat(printed()).as("a message takes the line's place")
        .isEqualTo("\r" + ERASE + "LLMH embedded server ready in 4.2 s" + System.lineSeparator());
    terminal.show("LLMH 3/12 requests", 0, 2 * SECOND);
    terminal.caseEnded("LLMH 12/12 requests");
    assertThat(printed()).isEqualTo("\rLLMH 3/12 requests" + ERASE + "\rLLMH 12/12 requests" + ERASE + System.lineSeparator());
    terminal.caseEnded("LLMH 12/12 requests");
    assertThat(printed()).as("nothing drawn, nothing to close").isEmpty();
  }

  @Test
  void aTerminalLineNeverWraps() {
    ProgressOutput narrow = new ProgressOutput(out, true, Duration.ofSeconds(10), 30);
    narrow.show("LLMH 7/12 requests, 1m 45s elapsed, ~50s left", 0, 0);
    assertThat(printed()).isEqualTo("\rLLMH 7/12 requests, 1m 45s e…" + ERASE);
  }

  @Test
  void theWidthComesFromColumnsElseEighty() {
    assertThat(ProgressOutput.width("132")).isEqualTo(132);
    assertThat(ProgressOutput.width(null)).isEqualTo(80);
    assertThat(ProgressOutput.width("wide")).isEqualTo(80);
    assertThat(ProgressOutput.width("0")).isEqualTo(80);
  }

  @Test
  void underATestRunnerTheOutputIsNoTerminal() {
    // Surefire and IDEs pipe the test JVM's output: the log mode must be what they get.
    assertThat(dev.llmh.console.Terminal.isTerminal()).isFalse();
  }
}
