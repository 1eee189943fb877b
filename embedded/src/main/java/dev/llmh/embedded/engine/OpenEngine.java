package dev.llmh.embedded.engine;

/** An engine's facts that hold from opening to closing: what it is, and the slots it serves. */
public abstract class OpenEngine implements Engine {
  private final EngineInfo info;
  private final int slots;
  private final int slotContext;

  protected OpenEngine(EngineInfo info, int slots, int slotContext) {
    this.info = info;
    this.slots = slots;
    this.slotContext = slotContext;
  }

  @Override
  public final EngineInfo info() {
    return info;
  }

  @Override
  public final int slots() {
    return slots;
  }

  @Override
  public final int slotContext() {
    return slotContext;
  }
}
