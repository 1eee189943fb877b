package dev.llmh.processor;

import static dev.llmh.processor.CompiledScenario.compiled;
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
    ScenarioRunner json = compiled("AsJson",
        "import static dev.llmh.annotations.ResponseFormat.Kind.JSON;",
        "@LlmBenchmark",
        "@ResponseFormat(JSON)",
        "public class AsJson {",
        "  @Prompt String p = \"x\";",
        "}").succeeded().runner("AsJson");
    assertThat(json.responseFormat()).isEqualTo(ResponseFormatDeclaration.json());

    Files.writeString(resources.resolve("person.schema.json"), "{\"type\": \"object\", \"required\": [\"name\"]}");
    CompiledScenario schema = withResources(resources, "Person",
        "@LlmBenchmark",
        "@ResponseFormat(schema = \"person.schema.json\")",
        "public class Person {",
        "  @Prompt String p = \"x\";",
        "}");
    schema.succeeded().warningCount(0);
    assertThat(schema.runner("Person").responseFormat()).isEqualTo(ResponseFormatDeclaration.schema("person.schema.json"));

    ScenarioRunner inherited = compiled("Derived",
        "@ResponseFormat(ResponseFormat.Kind.JSON)",
        "abstract class Base {}",
        "@LlmBenchmark",
        "public class Derived extends Base {",
        "  @Prompt String p = \"x\";",
        "}").succeeded().runner("Derived");
    assertThat(inherited.responseFormat()).isEqualTo(ResponseFormatDeclaration.json());

    ScenarioRunner plain = compiled("Plain", "@LlmBenchmark", "public class Plain {", "  @Prompt String p = \"x\";", "}")
        .succeeded().runner("Plain");
    assertThat(plain.responseFormat()).isNull();
  }

  @Test
  void neitherOrBothOrAnAbsolutePathAreErrorsNamingTheFix() {
    compiled("Neither", "@LlmBenchmark", "@ResponseFormat", "class Neither {", "  @Prompt String p = \"x\";", "}")
        .errorOn("@ResponseFormat", "@ResponseFormat names neither JSON nor a schema; write @ResponseFormat(JSON)")
        .errorCount(1);
    compiled("SchemaKindOnly", "@LlmBenchmark", "@ResponseFormat(ResponseFormat.Kind.SCHEMA)", "class SchemaKindOnly {",
        "  @Prompt String p = \"x\";", "}")
        .errorOn("@ResponseFormat", "@ResponseFormat names neither JSON nor a schema")
        .errorCount(1);
    compiled("Both", "@LlmBenchmark", "@ResponseFormat(value = ResponseFormat.Kind.JSON,", "    schema = \"person.schema.json\")",
        "class Both {", "  @Prompt String p = \"x\";", "}")
        .errorOn("schema = \"person.schema.json\"", "@ResponseFormat asks for both JSON and the schema \"person.schema.json\";"
            + " keep one: @ResponseFormat(JSON) for any JSON object, or @ResponseFormat(schema = \"person.schema.json\")")
        .errorCount(1);
    compiled("Rooted", "@LlmBenchmark", "@ResponseFormat(schema = \"/person.schema.json\")", "class Rooted {",
        "  @Prompt String p = \"x\";", "}")
        .errorOn("@ResponseFormat", "starts with '/'; a test classpath path has none: write \"person.schema.json\"")
        .errorCount(1);
  }

  @Test
  void aSchemaFileThatIsNotOneJsonObjectIsAnErrorAndOneTheCompilerCannotSeeAWarning(@TempDir Path resources) throws Exception {
    Files.writeString(resources.resolve("broken.schema.json"), "{\n  \"type\": \"object\"\n  \"required\": [\"name\"]\n}");
    Files.writeString(resources.resolve("list.schema.json"), "[1, 2]");
    withResources(resources, "Broken", "@LlmBenchmark", "@ResponseFormat(schema = \"broken.schema.json\")", "class Broken {",
        "  @Prompt String p = \"x\";", "}")
        .errorOn("@ResponseFormat", "@ResponseFormat(schema = \"broken.schema.json\") is not a JSON Schema object:"
            + " line 3, column 3: expected ',' or '}'")
        .errorCount(1);
    withResources(resources, "Listed", "@LlmBenchmark", "@ResponseFormat(schema = \"list.schema.json\")", "class Listed {",
        "  @Prompt String p = \"x\";", "}")
        .errorOn("@ResponseFormat", "line 1, column 1: expected a JSON object, starting with '{'")
        .errorCount(1);
    compiled("Unseen", "@LlmBenchmark", "@ResponseFormat(schema = \"missing.schema.json\")", "class Unseen {",
        "  @Prompt String p = \"x\";", "}")
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

  /** Compiled with {@code resources} on the class path, as Maven compiles tests with their resources copied beside them. */
  private static CompiledScenario withResources(Path resources, String simpleName, String... body) {
    JavaFileObject source = Sources.scenario(simpleName, body);
    List<File> classpath = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      classpath.add(new File(entry));
    }
    classpath.add(resources.toFile());
    Compilation compilation = Compiler.javac().withProcessors(new ScenarioProcessor()).withClasspath(classpath).compile(source);
    return new CompiledScenario(source, compilation);
  }
}
