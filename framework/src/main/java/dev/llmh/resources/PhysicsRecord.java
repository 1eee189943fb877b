package dev.llmh.resources;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * The physics check of a case's decode rate: the memory traffic it implies against the memory
 * bandwidth of the serving hardware (see {@code dev.llmh.resources.BandwidthCheck}).
 *
 * @param decodeRate the decode rate per stream checked, in tokens/s; null when not measured
 * @param modelBytes the bytes of weights read per decode step; null when unknown
 * @param modelBytesSource {@code declared} ({@code llmh.model.bytes}), {@code gguf} (the embedded
 *     server's model file) or {@code ollama} (Ollama's {@code /api/tags}); null when unknown
 * @param impliedBytesPerS decode rate × model bytes; null when either is unknown
 * @param memoryBandwidthBytesPerS the ceiling; null when unknown
 * @param bandwidthSource {@code declared} ({@code llmh.hardware.memoryBandwidth}) or {@code probe}
 *     (measured on this machine); null when unknown
 * @param bandwidthUsePercent implied bytes/s in % of the bandwidth; null when not measured
 * @param implausible the flag's text when the use is above 100%, e.g. {@code implausible: 620 tok/s ×
 *     4.7 GB = 2.9 TB/s exceeds 0.9 TB/s memory bandwidth}; null when plausible or not measured
 * @param notMeasured why there is no use figure, else null
 * @param modelBytesRule how {@code modelBytes} was counted per tensor (every tensor once, the
 *     token-embedding matrix but one row); null for a size taken whole (declared, or a total the
 *     server gives)
 * @param bandwidthMemory the memory the weights sit in: {@code vram} (a GPU server) or {@code dram};
 *     null when the bandwidth is declared or not known
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record PhysicsRecord(
    Double decodeRate,
    Long modelBytes,
    String modelBytesSource,
    Double impliedBytesPerS,
    Double memoryBandwidthBytesPerS,
    String bandwidthSource,
    Double bandwidthUsePercent,
    String implausible,
    @JsonProperty("notMeasured") @JsonInclude(JsonInclude.Include.NON_NULL) String notMeasured,
    @JsonInclude(JsonInclude.Include.NON_NULL) String modelBytesRule,
    @JsonInclude(JsonInclude.Include.NON_NULL) String bandwidthMemory) {

}
