package dev.llmh.processor.generator;

import java.util.List;

/** One {@code @Param} field, its type and the values it sweeps, as written. */
public record ParamModel(String field, ParamType type, List<String> values) {
  public ParamModel {
    values = List.copyOf(values);
  }
}
