package dev.llmh.select;

import java.util.regex.Pattern;

/**
 * A name pattern as Surefire's {@code -Dtest} writes them: {@code *} stands for any run of
 * characters, {@code ?} for one; everything else is literal and case-sensitive.
 */
record Glob(String text, Pattern regex) {

  static Glob of(String text) {
    StringBuilder regex = new StringBuilder();
    StringBuilder literal = new StringBuilder();
    for (char c : text.toCharArray()) {
      if (c == '*' || c == '?') {
        regex.append(Pattern.quote(literal.toString())).append(c == '*' ? ".*" : ".");
        literal.setLength(0);
      } else {
        literal.append(c);
      }
    }
    regex.append(Pattern.quote(literal.toString()));
    return new Glob(text, Pattern.compile(regex.toString()));
  }

  boolean matches(String name) {
    return regex.matcher(name).matches();
  }

  @Override
  public String toString() {
    return text;
  }
}
