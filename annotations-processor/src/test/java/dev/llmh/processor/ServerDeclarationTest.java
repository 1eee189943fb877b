package dev.llmh.processor;

import static dev.llmh.processor.CompiledScenario.compiled;
import static dev.llmh.processor.Sources.compile;
import static dev.llmh.processor.Sources.scenario;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.CompilationSubject;
import dev.llmh.runner.ScenarioRunner;
import dev.llmh.runner.ServerDeclaration;
import org.junit.jupiter.api.Test;

/** {@code @Server}: what the runner declares, and each mistake a compile error on the annotation naming the fix. */
class ServerDeclarationTest {

  @Test
  void theRunnerDeclaresTheServerWithItsDefaults() throws Exception {
    Compilation compilation = compile(scenario("Kv",
        "@LlmBenchmark",
        "@Server(command = \"llama-server -ctk {kv} --port {port}\")",
        "public class Kv {",
        "  @Param({\"f16\", \"q8_0\"}) String kv;",
        "  @Prompt String p = \"x\";",
        "}"));
    CompilationSubject.assertThat(compilation).succeeded();
    ScenarioRunner runner = (ScenarioRunner) new CompiledClasses(compilation).loadClass("com.example.Kv_LlmhRunner")
        .getConstructor().newInstance();
    assertThat(runner.server()).isEqualTo(new ServerDeclaration("llama-server -ctk {kv} --port {port}", "/health",
        "http://127.0.0.1:{port}/v1", ""));
  }

  @Test
  void eachPlaceholderIsThePortOrAParamAndTheRestReadsAsDeclared() {
    compiled("Demo",
        "@LlmBenchmark",
        "@Server(command = \"llama-server -c {ctx} -m {model}\", ready = \"health\",",
        "    url = \"http://127.0.0.1:8080/v1\", startTimeout = \"soon\")",
        "class Demo {",
        "  @Param({\"2048\"}) int model;",
        "  @Prompt String p = \"x\";",
        "}")
        .errorOn("@Server(command", "@Server(command) must take {port}, the free port LLMH picks for each start")
        .errorOn("@Server(command", "@Server(command) names {ctx}, which is neither {port} nor a @Param of the scenario [model];"
            + " declare @Param String ctx with its values, or remove the placeholder")
        .errorOn("@Server(command", "@Server(ready = \"health\") must be a path on the server's root")
        .errorOn("url = ", "@Server(url = \"http://127.0.0.1:8080/v1\") must be an http(s) URL with {port}")
        .errorOn("url = ", "cannot read @Server(startTimeout = \"soon\")")
        .errorCount(5);
  }
}
