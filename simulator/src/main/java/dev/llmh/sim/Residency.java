package dev.llmh.sim;

/**
 * Which model the simulated server holds in memory. With one model, only the first request pays
 * its {@link ModelTiming#firstRequestLoad()}. With several, the server holds one at a time, as
 * Ollama does when memory allows one: a request for another model starts its load, and every request
 * for it waits until the load is done — so a harness that does not warm each model up measures load
 * time as TTFT.
 */
final class Residency {
  private final boolean switching;
  private String resident;
  private long readyAt;

  /** @param switching true when the server serves more than one model */
  Residency(boolean switching) {
    this.switching = switching;
  }

  /** How long a request for {@code model} that got its slot {@code now} waits for the model to be loaded. */
  synchronized long loadNanos(SimulatorSettings model, long requestNumber, long now) {
    if (!switching) {
      return requestNumber == 1 ? model.timing().firstRequestLoad().toNanos() : 0L;
    }
    if (!model.modelId().equals(resident)) {
      resident = model.modelId();
      readyAt = now + model.timing().firstRequestLoad().toNanos();
    }
    return Math.max(0L, readyAt - now);
  }
}
