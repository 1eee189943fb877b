package de.kherud.llama;

/**
 * Sets llama.cpp's {@code json_schema} request parameter, which java-llama.cpp 4.1.0 has no setter
 * for. Why not {@code LlamaModel.jsonSchemaToGrammar} and {@code setGrammar}: that native call aborts
 * the whole process on a schema llama.cpp cannot convert (an uncaught {@code std::runtime_error}),
 * while the request parameter goes through llama.cpp server's own conversion, whose failure comes
 * back as a {@code LlamaException} with a 400 message. This class shares the library's package (on
 * the class path, not as a module) only to reach its package-private parameter map.
 */
public final class JsonSchemaParameter {
  private JsonSchemaParameter() {}

  /** {@code schema} is a JSON object's text, already checked to be one: the map holds raw JSON. */
  public static InferenceParameters set(InferenceParameters parameters, String schema) {
    parameters.parameters.put("json_schema", schema);
    return parameters;
  }
}
