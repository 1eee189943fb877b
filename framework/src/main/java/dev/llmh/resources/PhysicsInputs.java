package dev.llmh.resources;

/**
 * What the physics check of one (endpoint, served model) needs besides the decode rate: the bytes
 * of weights a decode step reads and the memory bandwidth they are read at, each with where it
 * comes from, or why it is unknown. Declared figures come first: {@code llmh.model.bytes} beats the
 * file size (a mixture-of-experts model reads only its active weights), and
 * {@code llmh.hardware.memoryBandwidth} beats the probe.
 *
 * @param modelBytes bytes of weights per decode step, or null
 * @param modelBytesSource {@link #DECLARED}, {@link #GGUF} or {@link #OLLAMA}; null when unknown
 * @param modelBytesUnknown why {@code modelBytes} is unknown, else null
 * @param memoryBandwidth bytes per second, or null
 * @param bandwidthSource {@link #DECLARED} or {@link #PROBE}; null when unknown
 * @param bandwidthUnknown why {@code memoryBandwidth} is unknown, else null
 * @param modelBytesRule how the bytes were counted per tensor ({@code DecodeBytes}); null for a size taken whole
 * @param bandwidthMemory the memory the weights sit in, {@link ServingMemory#VRAM} or {@link
 *     ServingMemory#DRAM}; null when declared or not known
 */
public record PhysicsInputs(
    Long modelBytes, String modelBytesSource, String modelBytesUnknown,
    Double memoryBandwidth, String bandwidthSource, String bandwidthUnknown, String modelBytesRule, String bandwidthMemory) {

  public static final String DECLARED = "declared";
  public static final String GGUF = dev.llmh.client.ModelBytes.GGUF;
  public static final String OLLAMA = dev.llmh.client.ModelBytes.OLLAMA;
  public static final String PROBE = "probe";

  /** {@code bytes} and the bandwidth of {@code memory}, each with its source or the reason it is unknown. */
  public static PhysicsInputs of(dev.llmh.client.ModelBytes bytes, ServingMemory memory) {
    return new PhysicsInputs(bytes.bytes(), bytes.source(), bytes.unknown(), memory.bytesPerSecond(), memory.source(),
        memory.unknown(), bytes.rule(), memory.memory());
  }

  public PhysicsInputs {
    if ((modelBytes == null) == (modelBytesUnknown == null)) {
      throw new IllegalArgumentException("model bytes need either a figure or the reason there is none");
    }
    if ((memoryBandwidth == null) == (bandwidthUnknown == null)) {
      throw new IllegalArgumentException("memory bandwidth needs either a figure or the reason there is none");
    }
  }

  /** A known model size with its source. */
  public static PhysicsInputs of(long modelBytes, String modelBytesSource, double memoryBandwidth, String bandwidthSource) {
    return new PhysicsInputs(modelBytes, modelBytesSource, null, memoryBandwidth, bandwidthSource, null, null, null);
  }

  /** Why the check cannot be made (both reasons when both inputs are unknown), or null when it can. */
  public String notMeasured() {
    if (modelBytesUnknown == null) {
      return bandwidthUnknown;
    }
    return bandwidthUnknown == null ? modelBytesUnknown : modelBytesUnknown + "; " + bandwidthUnknown;
  }
}
