package dev.llmh.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Constrained output: every request of the class's prompts asks the server to answer in JSON.
 * {@code @ResponseFormat(JSON)} (with {@code import static dev.llmh.annotations.ResponseFormat.Kind.JSON})
 * asks for any JSON object; {@code @ResponseFormat(schema = "person.schema.json")} for JSON that
 * follows the JSON Schema in that file on the test classpath ({@code src/test/resources/person.schema.json}).
 *
 * <p>Sent as OpenAI's {@code response_format} ({@code {"type": "json_object"}}, or {@code {"type":
 * "json_schema", "json_schema": {"name", "schema", "strict": true}}}) or Ollama's {@code format}
 * ({@code "json"}, or the schema itself). The embedded server honours it through llama.cpp's grammar
 * support. OpenAI's strict mode takes a schema whose properties are all required and which sets
 * {@code "additionalProperties": false}; a server that refuses a schema fails the requests, each
 * recorded with the server's reason. It constrains what the server may generate; whether the answer is what was asked is for a
 * check to say ({@link ExpectJson}): an answer cut by max tokens is still invalid JSON, and is counted so.
 *
 * <p>Naming neither a kind nor a schema, or both {@code JSON} and a schema, is a compile error; a
 * schema file that is not JSON is a compile error where the compiler can read it, and fails the case
 * before its first request otherwise.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface ResponseFormat {
  /** {@link Kind#JSON} for any JSON object; left out when a {@link #schema()} is given. */
  Kind value() default Kind.SCHEMA;

  /** A JSON Schema file on the test classpath, e.g. {@code "person.schema.json"}; empty for {@link Kind#JSON}. */
  String schema() default "";

  /** What the answer is constrained to. */
  enum Kind {
    /** Any JSON object: OpenAI {@code json_object}, Ollama {@code "json"}. */
    JSON,
    /** JSON following {@link ResponseFormat#schema()}: OpenAI {@code json_schema}, Ollama the schema. */
    SCHEMA
  }
}
