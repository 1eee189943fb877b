package dev.llmh.processor;

import static dev.llmh.processor.Annotations.explicitValue;
import static dev.llmh.processor.Annotations.find;

import dev.llmh.annotations.ResponseFormat;
import dev.llmh.runner.ResponseFormatDeclaration;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import javax.annotation.processing.Filer;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * Reads a scenario's {@code @ResponseFormat} (on the class or the nearest base class declaring it):
 * {@code JSON} or a schema, not neither nor both. A schema file the compiler can see (the class
 * output, where Maven has copied the test resources before compiling the tests, or the class path)
 * must be one JSON object. One it cannot see is only warned about: javac's paths are not the test
 * classpath under every build tool, and the case fails before its first request if the file is missing.
 */
record ResponseFormatReader(Annotations annotations, Reporter reporter, Filer filer) {

  private static final List<StandardLocation> LOOKED_IN =
      List.of(StandardLocation.CLASS_OUTPUT, StandardLocation.CLASS_PATH, StandardLocation.SOURCE_PATH);

  /** The declaration the runner returns, or empty when there is none or it has an error (reported). */
  Optional<ResponseFormatDeclaration> read(TypeElement type) {
    return CheckReader.nearest(type, ResponseFormat.class)
        .flatMap(declaring -> read(declaring, find(declaring, ResponseFormat.class).orElseThrow()));
  }

  private Optional<ResponseFormatDeclaration> read(Element declaring, AnnotationMirror mirror) {
    Optional<AnnotationValue> kindValue = explicitValue(mirror, "value");
    Optional<AnnotationValue> schemaValue = explicitValue(mirror, "schema");
    String kind = kindValue.map(v -> v.getValue() instanceof VariableElement constant ? constant.getSimpleName().toString() : "")
        .orElse(ResponseFormat.Kind.SCHEMA.name());
    String schema = schemaValue.flatMap(Annotations::asString).orElse("");
    boolean json = kind.equals(ResponseFormat.Kind.JSON.name());
    if (json && !schema.isEmpty()) {
      reporter.error(declaring, mirror, schemaValue.get(), "@ResponseFormat asks for both JSON and the schema \""
          + schema + "\"; keep one: @ResponseFormat(JSON) for any JSON object, or @ResponseFormat(schema = \"" + schema
          + "\") for JSON following the schema");
      return Optional.empty();
    }
    if (json) {
      return Optional.of(ResponseFormatDeclaration.json());
    }
    if (schema.isBlank()) {
      reporter.error(declaring, mirror, schemaValue.orElse(kindValue.orElse(null)), "@ResponseFormat names neither JSON"
          + " nor a schema; write @ResponseFormat(JSON) (import static dev.llmh.annotations.ResponseFormat.Kind.JSON)"
          + " for any JSON object, or @ResponseFormat(schema = \"person.schema.json\") for a JSON Schema file on the"
          + " test classpath");
      return Optional.empty();
    }
    if (schema.startsWith("/")) {
      reporter.error(declaring, mirror, schemaValue.get(), "@ResponseFormat(schema = \"" + schema + "\") starts with '/';"
          + " a test classpath path has none: write \"" + schema.substring(1) + "\"");
      return Optional.empty();
    }
    Optional<byte[]> bytes = readSchema(schema);
    if (bytes.isEmpty()) {
      reporter.warning(declaring, mirror, "@ResponseFormat(schema = \"" + schema + "\"): the compiler does not see it"
          + " (looked in the class output and the class path); put it under src/test/resources/" + schema
          + ", or the case fails before its first request");
      return Optional.of(ResponseFormatDeclaration.schema(schema));
    }
    String problem;
    try {
      problem = JsonSyntax.objectProblem(StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
          .decode(java.nio.ByteBuffer.wrap(bytes.get())).toString());
    } catch (CharacterCodingException e) {
      problem = "it is not UTF-8 text";
    }
    if (problem != null) {
      reporter.error(declaring, mirror, schemaValue.get(), "@ResponseFormat(schema = \"" + schema + "\") is not a JSON"
          + " Schema object: " + problem + "; fix the file (a JSON Schema is one JSON object, e.g."
          + " {\"type\": \"object\", \"properties\": {\"name\": {\"type\": \"string\"}}, \"required\": [\"name\"]})");
      return Optional.empty();
    }
    return Optional.of(ResponseFormatDeclaration.schema(schema));
  }

  /** The file's bytes where the compiler sees it; empty when it sees it nowhere. */
  private Optional<byte[]> readSchema(String path) {
    for (StandardLocation location : LOOKED_IN) {
      try {
        FileObject file = filer.getResource(location, "", path);
        try (InputStream in = file.openInputStream()) {
          return Optional.of(in.readAllBytes());
        }
      } catch (IOException | IllegalArgumentException | IllegalStateException e) {
        // not there, or a location this compiler does not search
      }
    }
    return Optional.empty();
  }
}
