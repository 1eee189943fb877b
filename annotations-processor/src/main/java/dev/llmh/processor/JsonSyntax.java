package dev.llmh.processor;

/**
 * Whether a text is one JSON value (RFC 8259), and where it breaks when it is not: the processor
 * checks a {@code @ResponseFormat} schema file with it, without a JSON library on javac's path.
 */
final class JsonSyntax {
  private final String text;
  private int at;

  private JsonSyntax(String text) {
    this.text = text;
  }

  /** Null when {@code text} is one JSON object; else what is wrong and where, e.g. "line 3, column 7: expected ':'". */
  static String objectProblem(String text) {
    JsonSyntax json = new JsonSyntax(text);
    try {
      json.space();
      if (json.at >= text.length() || text.charAt(json.at) != '{') {
        return json.where() + "expected a JSON object, starting with '{'";
      }
      json.value();
      json.space();
      if (json.at < text.length()) {
        return json.where() + "unexpected text after the object";
      }
      return null;
    } catch (IllegalStateException e) {
      return e.getMessage();
    }
  }

  private void value() {
    space();
    char c = peek("a value");
    switch (c) {
      case '{' -> object();
      case '[' -> array();
      case '"' -> string();
      case 't' -> word("true");
      case 'f' -> word("false");
      case 'n' -> word("null");
      default -> {
        if (c == '-' || (c >= '0' && c <= '9')) {
          number();
        } else {
          throw fail("expected a value, found '" + c + "'");
        }
      }
    }
  }

  private void object() {
    if (empty('}', "a key")) {
      return;
    }
    while (true) {
      space();
      if (peek("a key") != '"') {
        throw fail("expected a key in double quotes");
      }
      string();
      space();
      expect(':');
      value();
      space();
      if (closes('}')) {
        return;
      }
    }
  }

  private void array() {
    if (empty(']', "a value")) {
      return;
    }
    while (true) {
      value();
      space();
      if (closes(']')) {
        return;
      }
    }
  }

  /** Past the opening bracket: true when {@code close} follows at once (consumed). */
  private boolean empty(char close, String first) {
    at++;
    space();
    if (peek("'" + close + "' or " + first) != close) {
      return false;
    }
    at++;
    return true;
  }

  /** After a member or element: true at the end ({@code close}, consumed), false after a ','. */
  private boolean closes(char close) {
    char next = peek("',' or '" + close + "'");
    if (next != ',' && next != close) {
      throw fail("expected ',' or '" + close + "'");
    }
    at++;
    return next == close;
  }

  private void string() {
    at++;
    while (true) {
      char c = peek("the closing '\"'");
      at++;
      if (c == '"') {
        return;
      }
      if (c == '\\') {
        char escaped = peek("an escape");
        at++;
        if (escaped == 'u') {
          for (int i = 0; i < 4; i++) {
            if (Character.digit(peek("four hex digits"), 16) < 0) {
              throw fail("expected four hex digits after \\u");
            }
            at++;
          }
        } else if ("\"\\/bfnrt".indexOf(escaped) < 0) {
          throw fail("invalid escape \\" + escaped);
        }
      } else if (c < 0x20) {
        throw fail("a control character in a string must be escaped");
      }
    }
  }

  private void number() {
    int start = at;
    while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) {
      at++;
    }
    if (!text.substring(start, at).matches("-?(0|[1-9]\\d*)(\\.\\d+)?([eE][+-]?\\d+)?")) {
      at = start;
      throw fail("malformed number '" + text.substring(start, Math.max(start + 1, Math.min(text.length(), start + 12))) + "'");
    }
  }

  private void word(String word) {
    if (!text.startsWith(word, at)) {
      throw fail("expected " + word);
    }
    at += word.length();
  }

  private void expect(char c) {
    if (peek("'" + c + "'") != c) {
      throw fail("expected '" + c + "'");
    }
    at++;
  }

  private char peek(String expected) {
    if (at >= text.length()) {
      throw fail("the text ends where " + expected + " was expected");
    }
    return text.charAt(at);
  }

  private void space() {
    while (at < text.length() && " \t\r\n".indexOf(text.charAt(at)) >= 0) {
      at++;
    }
  }

  private IllegalStateException fail(String message) {
    return new IllegalStateException(where() + message);
  }

  private String where() {
    int line = 1;
    int column = 1;
    for (int i = 0; i < Math.min(at, text.length()); i++) {
      if (text.charAt(i) == '\n') {
        line++;
        column = 1;
      } else {
        column++;
      }
    }
    return "line " + line + ", column " + column + ": ";
  }
}
