package dev.llmh.reports;

import dev.llmh.result.RunRecord;

/** The Markdown tests' small run, for the HTML tests in their own package. */
public final class FixturesAccess {
  private FixturesAccess() {}

  public static RunRecord run() {
    return Fixtures.run();
  }
}
