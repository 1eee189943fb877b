package dev.llmh.processor.generator;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class JavaLiteralsTest {

  @Test
  void escapesQuotesBackslashesAndControlCharacters() {
    assertThat(JavaLiterals.string("a\"b\\c\nd\re\tf\u0001"))
        .isEqualTo("\"a\\\"b\\\\c\\nd\\re\\tf\\001\"");
  }

  @Test
  void writesNonAsciiAsUnicodeEscapesAndKeepsAUsersBackslashUFromBecomingOne() {
    assertThat(JavaLiterals.string("\u00e9\u2713")).isEqualTo("\"\\u00e9\\u2713\"");
    // The user's text is backslash, u, 0, 0, 4, 1: doubled, javac cannot read it as 'A'.
    assertThat(JavaLiterals.string("\\u0041")).isEqualTo("\"\\\\u0041\"");
  }

  @Test
  void outputIsPlainAscii() {
    String literal = JavaLiterals.string("\u0000\u007f\u0085\u2028\ud83d\ude00");
    assertThat(literal.chars()).allMatch(c -> c >= 0x20 && c < 0x7f);
  }

  @Test
  void writesBoxableLiteralsAndNulls() {
    assertThat(JavaLiterals.string(null)).isEqualTo("null");
    assertThat(JavaLiterals.longValue(42L)).isEqualTo("42L");
    assertThat(JavaLiterals.doubleValue(1e-5)).isEqualTo("1.0E-5");
    assertThat(JavaLiterals.integer(null)).isEqualTo("null");
    assertThat(JavaLiterals.integerList(List.of(1, 2))).isEqualTo("java.util.List.of(1, 2)");
    assertThat(JavaLiterals.stringList(List.of())).isEqualTo("java.util.List.of()");
  }
}
