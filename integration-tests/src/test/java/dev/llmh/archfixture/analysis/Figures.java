package dev.llmh.archfixture.analysis;

import dev.llmh.archfixture.result.Record;

/** An analysis that reads a record: the arrow backwards ArchitectureTest must catch. */
public final class Figures {
  private Figures() {}

  public static double of(Record record) {
    return record.value();
  }
}
