package dev.llmh.constraint;

/** A constraint that does not follow the grammar; the message says what to write instead. */
public final class ConstraintException extends IllegalArgumentException {
  public ConstraintException(String message) {
    super(message);
  }
}
