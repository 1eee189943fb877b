package dev.llmh.synthetic;

/** The flags a measured request's record carries when its prompt is not the one asked for. */
public final class PromptFlags {
  /** The server counted fewer prompt tokens than were sent: it truncated the prompt to its context. */
  public static final String TRUNCATED = "prompt_truncated";
  /** A synthetic prompt counted above its target by more than the tolerance. */
  public static final String OFF_TARGET = "prompt_off_target";

  private PromptFlags() {}
}
