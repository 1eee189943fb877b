package dev.llmh.residency;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.llmh.result.Section;
import java.util.List;

/**
 * A case's {@code model_residency}: the models an Ollama server had loaded, from its {@code GET /api/ps}.
 *
 * @param source the URL asked
 * @param before as the measured phase began (after the warm-up, which loaded the model)
 * @param after as it ended
 * @param notMeasured why a look is missing, else null
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ResidencyRecord(String source, List<Model> before, List<Model> after, String notMeasured) {

  public static final Section<ResidencyRecord> SECTION = Section.optional("model_residency", ResidencyRecord.class);

  /**
   * One loaded model.
   *
   * @param sizeBytes its size in memory ({@code size})
   * @param sizeVramBytes of which in GPU memory ({@code size_vram})
   * @param vramPercent the share in GPU memory; below 100 some layers run on the CPU
   */
  @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
  public record Model(String name, long sizeBytes, long sizeVramBytes, double vramPercent) {}
}
