package dev.llmh.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class TerminalTest {

  @Test
  void aTerminalIsInteractiveUnlessNoColorOrADumbTermSaysOtherwise() {
    assertThat(Terminal.isInteractive(true, Map.of())).isTrue();
    assertThat(Terminal.isInteractive(true, Map.of("TERM", "xterm-256color"))).isTrue();
    assertThat(Terminal.isInteractive(true, Map.of("NO_COLOR", "1"))).isFalse();
    // no-color.org: only a non-empty NO_COLOR counts
    assertThat(Terminal.isInteractive(true, Map.of("NO_COLOR", ""))).isTrue();
    assertThat(Terminal.isInteractive(true, Map.of("TERM", "dumb"))).isFalse();
    assertThat(Terminal.isInteractive(false, Map.of("TERM", "xterm"))).isFalse();
  }

  @Test
  void surefiresForkedJvmIsNotInteractive() {
    // Its output is piped to Maven, so plain text; on JDK 22+ System.console() exists here all the same.
    assertThat(Terminal.isInteractive()).isFalse();
  }
}
