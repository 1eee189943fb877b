package dev.llmh.progress;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** A print stream whose text a test takes, and which is then empty again. */
final class Captured {
  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  final PrintStream stream = new PrintStream(bytes, true, StandardCharsets.UTF_8);

  String take() {
    String text = bytes.toString(StandardCharsets.UTF_8);
    bytes.reset();
    return text;
  }
}
