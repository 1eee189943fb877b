package dev.llmh.runner;

import java.util.List;

/** One {@code @Param} field and the values it sweeps (as written; the runner converts them). */
public record ParamDeclaration(String name, List<String> values) {
  public ParamDeclaration {
    values = List.copyOf(values);
  }
}
