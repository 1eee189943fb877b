package dev.llmh.reports;

/** A bad argument or a file that cannot be read or written: one line on stderr, exit code 2. */
final class UsageException extends Exception {
  UsageException(String message) {
    // One line whatever the cause said: Jackson's messages carry a second line with the source position.
    super(message.replaceAll("\\s*\\R\\s*", " ").strip());
  }
}
