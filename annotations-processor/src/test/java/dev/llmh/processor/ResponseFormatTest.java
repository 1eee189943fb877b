package dev.llmh.processor;

import static dev.llmh.processor.CompiledScenario.benchmark;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import dev.llmh.runner.ResponseFormatDeclaration;
import dev.llmh.runner.ScenarioRunner;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code @ResponseFormat}: what the runner declares, and each mistake a compile error on the
 * annotation naming the fix; a schema file the compiler sees is checked to be one JSON object.
 */
class ResponseFormatTest {

  @Test
  void jsonAndASchemaAreDeclaredByTheRunnerAndABaseClassesFormatIsInherited(@TempDir Path resources) throws Exception {
    ScenarioRunner json = benchmark("public class AsJson",
        "import static dev.llmh.annotations.ResponseFormat.Kind.JSON;",
        "@ResponseFormat(JSON)").succeeded().runner("AsJson");
    assertThat(json.responseFormat()).isEqualTo(ResponseFormatDeclaration.json());

    Files.writeString(resources.resolve("person.schema.json"), "{\"type\": \"object\", \"required\": [\"name\"]}");
    CompiledScenario schema = withResources(resources, "public class Person", "@ResponseFormat(schema = \"person.schema.json\")");
    schema.succeeded().warningCount(0);
    assertThat(schema.runner("Person").responseFormat()).isEqualTo(ResponseFormatDeclaration.schema("person.schema.json"));

    ScenarioRunner inherited = benchmark("public class Derived extends Base",
        "@ResponseFormat(ResponseFormat.Kind.JSON)", "abstract class Base {}").succeeded().runner("Derived");
    assertThat(inherited.responseFormat()).isEqualTo(ResponseFormatDeclaration.json());

    ScenarioRunner plain = benchmark("public class Plain").succeeded().runner("Plain");
    assertThat(plain.responseFormat()).isNull();
  }

  @Test
  void neitherOrBothOrAnAbsolutePathAreErrorsNamingTheFix() {
    benchmark("class Neither", "@ResponseFormat")
        .errorOn("@ResponseFormat", "@ResponseFormat names neither JSON nor a schema; write @ResponseFormat(JSON)")
        .errorCount(1);
    benchmark("class SchemaKindOnly", "@ResponseFormat(ResponseFormat.Kind.SCHEMA)")
        .errorOn("@ResponseFormat", "@ResponseFormat names neither JSON nor a schema")
        .errorCount(1);
    benchmark("class Both", "@ResponseFormat(value = ResponseFormat.Kind.JSON,", "    schema = \"person.schema.json\")")
        .errorOn("schema = \"person.schema.json\"", "@ResponseFormat asks for both JSON and the schema \"person.schema.json\";"
            + " keep one: @ResponseFormat(JSON) for any JSON object, or @ResponseFormat(schema = \"person.schema.json\")")
        .errorCount(1);
    benchmark("class Rooted", "@ResponseFormat(schema = \"/person.schema.json\")")
        .errorOn("@ResponseFormat", "starts with '/'; a test classpath path has none: write \"person.schema.json\"")
        .errorCount(1);
  }

  @Test
  void aSchemaFileThatIsNotOneJsonObjectIsAnErrorAndOneTheCompilerCannotSeeAWarning(@TempDir Path resources) throws Exception {
    Files.writeString(resources.resolve("broken.schema.json"), "{\n  \"type\": \"object\"\n  \"required\": [\"name\"]\n}");
    Files.writeString(resources.resolve("list.schema.json"), "[1, 2]");
    withResources(resources, "class Broken", "@ResponseFormat(schema = \"broken.schema.json\")")
        .errorOn("@ResponseFormat", "@ResponseFormat(schema = \"broken.schema.json\") is not a JSON Schema object:"
            + " line 3, column 3: expected ',' or '}'")
        .errorCount(1);
    withResources(resources, "class Listed", "@ResponseFormat(schema = \"list.schema.json\")")
        .errorOn("@ResponseFormat", "line 1, column 1: expected a JSON object, starting with '{'")
        .errorCount(1);
    benchmark("class Unseen", "@ResponseFormat(schema = \"missing.schema.json\")")
        .warningOn("@ResponseFormat", "@ResponseFormat(schema = \"missing.schema.json\"): the compiler does not see it"
            + " (looked in the class output and the class path); put it under src/test/resources/missing.schema.json")
        .errorCount(0);
  }

  @Test
  void theJsonSyntaxCheckAcceptsJsonAndSaysWhereItBreaks() {
    assertThat(JsonSyntax.objectProblem(" {\"a\": [1, -2.5e3, true, false, null, \"\\u00e9\\n\"], \"b\": {}} ")).isNull();
    assertThat(JsonSyntax.objectProblem("{\"a\": 01}")).isEqualTo("line 1, column 7: malformed number '01}'");
    assertThat(JsonSyntax.objectProblem("{\"a\": 1} x")).isEqualTo("line 1, column 10: unexpected text after the object");
    assertThat(JsonSyntax.objectProblem("{'a': 1}")).isEqualTo("line 1, column 2: expected a key in double quotes");
    assertThat(JsonSyntax.objectProblem("{\"a\": [1,")).isEqualTo("line 1, column 10: the text ends where a value was expected");
    assertThat(JsonSyntax.objectProblem("")).isEqualTo("line 1, column 1: expected a JSON object, starting with '{'");
  }

  /**
   * A benchmark with one prompt ({@link Sources#onePrompt}) compiled with {@code resources} on the class
   * path, as Maven compiles tests with their resources copied beside them.
   */
  private static CompiledScenario withResources(Path resources, String declaration, String... before) {
    JavaFileObject source = Sources.scenario(Sources.simpleName(declaration), Sources.onePrompt(declaration, before));
    List<File> classpath = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      classpath.add(new File(entry));
    }
    classpath.add(resources.toFile());
    Compilation compilation = Compiler.javac().withProcessors(new ScenarioProcessor()).withClasspath(classpath).compile(source);
    return new CompiledScenario(source, compilation);
  }
}
