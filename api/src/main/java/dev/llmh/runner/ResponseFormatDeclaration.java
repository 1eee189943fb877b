package dev.llmh.runner;

import dev.llmh.annotations.ResponseFormat;

/**
 * A scenario's {@code @ResponseFormat}, as the processor read it.
 *
 * @param kind {@link ResponseFormat.Kind#JSON} or {@link ResponseFormat.Kind#SCHEMA}
 * @param schema the schema's path on the test classpath for {@code SCHEMA}; null for {@code JSON}
 */
public record ResponseFormatDeclaration(ResponseFormat.Kind kind, String schema) {

  public ResponseFormatDeclaration {
    if (kind == null || (kind == ResponseFormat.Kind.SCHEMA) == (schema == null || schema.isBlank())) {
      throw new IllegalArgumentException("a response format is JSON without a schema, or SCHEMA with one: " + kind + ", " + schema);
    }
  }

  public static ResponseFormatDeclaration json() {
    return new ResponseFormatDeclaration(ResponseFormat.Kind.JSON, null);
  }

  public static ResponseFormatDeclaration schema(String path) {
    return new ResponseFormatDeclaration(ResponseFormat.Kind.SCHEMA, path);
  }
}
