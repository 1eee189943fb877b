package dev.llmh.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.llmh.processor.Sources.compile;
import static dev.llmh.processor.Sources.scenario;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every compile-time error, each asserted on the line that causes it. */
class ScenarioValidationTest {

  @Nested
  class TheScenarioClass {

    @ParameterizedTest
    @CsvSource({
      "interface Demo {,           an interface",
      "enum Demo { A;,             an enum",
      "record Demo(int x) {,       a record",
      "@interface Demo {,          an annotation type",
    })
    void mustBeAClass(String declaration, String kind) {
      JavaFileObject source = scenario("Demo", "@LlmBenchmark", declaration, "}");
      Compilation compilation = compile(source);
      assertThat(compilation)
          .hadErrorContaining("@LlmBenchmark goes on a class, but Demo is " + kind)
          .inFile(source)
          .onLineContaining("@LlmBenchmark");
    }

    @Test
    void mustNotBeAbstract() {
      JavaFileObject source = scenario("Demo",
          "@LlmBenchmark",
          "abstract class Demo {",
          "  @Prompt String p = \"x\";",
          "}");
      assertThat(compile(source))
          .hadErrorContaining("is abstract; remove abstract")
          .inFile(source)
          .onLineContaining("@LlmBenchmark");
    }

    @Test
    void nestedClassMustBeStatic() {
      JavaFileObject source = scenario("Outer",
          "class Outer {",
          "  @LlmBenchmark class Inner {",
          "    @Prompt String p = \"x\";",
          "  }",
          "}");
      assertThat(compile(source))
          .hadErrorContaining("Inner is an inner class; make it static")
          .inFile(source)
          .onLineContaining("class Inner");
    }

    @Test
    void mustNotBePrivate() {
      JavaFileObject source = scenario("Outer",
          "class Outer {",
          "  @LlmBenchmark private static class Hidden {",
          "    @Prompt String p = \"x\";",
          "  }",
          "}");
      assertThat(compile(source))
          .hadErrorContaining("@LlmBenchmark class Hidden is private; make it package-private")
          .inFile(source)
          .onLineContaining("class Hidden");
    }

    @Test
    void needsANoArgumentConstructor() {
      JavaFileObject source = scenario("Demo",
          "@LlmBenchmark",
          "class Demo {",
          "  Demo(String name) {}",
          "  @Prompt String p = \"x\";",
          "}");
      assertThat(compile(source))
          .hadErrorContaining("has no no-argument constructor; add one")
          .inFile(source)
          .onLineContaining("@LlmBenchmark");
    }

    @Test
    void constructorMustNotBePrivate() {
      JavaFileObject source = scenario("Demo",
          "@LlmBenchmark",
          "class Demo {",
          "  private Demo() {}",
          "  @Prompt String p = \"x\";",
          "}");
      assertThat(compile(source))
          .hadErrorContaining("constructor of @LlmBenchmark class Demo is private; make it package-private")
          .inFile(source)
          .onLineContaining("private Demo()");
    }

    @Test
    void needsAPrompt() {
      JavaFileObject source = scenario("Demo",
          "@LlmBenchmark",
          "class Demo {",
          "  String notAPrompt = \"x\";",
          "}");
      assertThat(compile(source))
          .hadErrorContaining(
              "has no @Prompt; add a String field or a no-argument method returning String annotated @Prompt")
          .inFile(source)
          .onLineContaining("@LlmBenchmark");
    }

    @Test
    void classLevelSettingsNeedLlmBenchmarkToo() {
      JavaFileObject source = scenario("Demo",
          "@Warmup(requests = 1)",
          "class Demo {",
          "}");
      assertThat(compile(source))
          .hadErrorContaining("@Warmup on class Demo has no effect without @LlmBenchmark; add @LlmBenchmark")
          .inFile(source)
          .onLineContaining("@Warmup");
    }

    @Test
    void aNestedScenarioKeepsItsOwnClassLevelSettings() {
      JavaFileObject source = scenario("Outer",
          "@LlmBenchmark",
          "class Outer {",
          "  @Prompt String p = \"x\";",
          "  @LlmBenchmark @Warmup(requests = 0)",
          "  static class Inner {",
          "    @Prompt String q = \"y\";",
          "  }",
          "}");
      Compilation compilation = compile(source);
      assertThat(compilation).succeededWithoutWarnings();
      assertThat(compilation).generatedSourceFile("com.example.Outer_LlmhRunner");
      assertThat(compilation).generatedSourceFile("com.example.Outer_Inner_LlmhRunner");
    }

    @Test
    void memberAnnotationsNeedLlmBenchmarkOnTheClass() {
      JavaFileObject source = scenario("Demo",
          "class Demo {",
          "  @Prompt String forgotten = \"x\";",
          "  @Param(\"1\") int size;",
          "}");
      Compilation compilation = compile(source);
      assertThat(compilation)
          .hadErrorContaining("@Prompt on 'forgotten' in class Demo has no effect without @LlmBenchmark; "
              + "add @LlmBenchmark to the class")
          .inFile(source)
          .onLineContaining("forgotten");
      assertThat(compilation)
          .hadErrorContaining("add @LlmBenchmark to the class")
          .inFile(source)
          .onLineContaining("int size");
    }
  }

  @Nested
  class Prompts {

    @Test
    void fieldMustBeAString() {
      JavaFileObject source = scenario("Demo",
          "@LlmBenchmark",
          "class Demo {",
          "  @Prompt int count = 3;",
          "}");
      assertThat(compile(source))
          .hadErrorContaining("@Prompt field 'count' is of type int; declare it as String")
          .inFile(source)
          .onLineContaining("int count");
    }

    @Test
    void methodMustReturnAString() {
      JavaFileObject source = scenario("Demo",
          "@LlmBenchmark",
          "class Demo {",
          "  @Prompt StringBuilder text() { return new StringBuilder(); }",
          "}");
      assertThat(compile(source))
          .hadErrorContaining("@Prompt method text() returns java.lang.StringBuilder; make it return String")
          .inFile(source)
          .onLineContaining("StringBuilder text()");
    }

    @Test
    void methodMustTakeNoArguments() {
      JavaFileObject source = scenario("Demo",
          "@LlmBenchmark",
          "class Demo {",
          "  @Prompt String text(int words) { return \"w\".repeat(words); }",
          "}");
      assertThat(compile(source))
          .hadErrorContaining("@Prompt method text() takes parameters; remove them")
          .inFile(source)
          .onLineContaining("String text(int words)");
    }

    @Test
    void privatePromptMustBecomePackagePrivate() {
      JavaFileObject source = scenario("Demo",
          "@LlmBenchmark",
          "class Demo {",
          "  @Prompt private String secret = \"x\";",
          "  @Prompt private String hidden() { return \"y\"; }",
          "}");
      Compilation compilation = compile(source);
      assertThat(compilation)
          .hadErrorContaining("@Prompt 'secret' is private; make it package-private")
          .inFile(source)
          .onLineContaining("String secret");
      assertThat(compilation)
          .hadErrorContaining("@Prompt 'hidden' is private; make it package-private")
          .inFile(source)
          .onLineContaining("String hidden()");
    }

    @Test
    void duplicateNamesAreReportedOnTheLaterPrompt() {
      JavaFileObject source = scenario("Demo",
          "@LlmBenchmark",
          "class Demo {",
          "  @Prompt String shortText = \"a\";",
          "  @Prompt(name = \"shortText\") String other = \"b\";",
          "  @Prompt(name = \"long\") String first = \"c\";",
          "  @Prompt(",
          "      name = \"long\"",
          "  )",
          "  String second = \"d\";",
          "}");
      Compilation compilation = compile(source);
      assertThat(compilation).hadErrorCount(2);
      assertThat(compilation)
          .hadErrorContaining("prompt name 'shortText' is already used by 'shortText'; give this one a different "
              + "@Prompt(name = \"...\")")
          .inFile(source)
          .onLineContaining("String other");
      assertThat(compilation)
          .hadErrorContaining("prompt name 'long' is already used by 'first'")
          .inFile(source)
          .onLineContaining("    name = \"long\"");
    }

    @Test
    void aFieldAndAMethodOfTheSameNameClash() {
      JavaFileObject source = scenario("Demo",
          "@LlmBenchmark",
          "class Demo {",
          "  @Prompt String text = \"a\";",
          "  @Prompt String text() { return \"b\"; }",
          "}");
      assertThat(compile(source))
          .hadErrorContaining("prompt name 'text' is already used by 'text'")
          .inFile(source)
          .onLineContaining("String text()");
    }

    @Test
    void settingsOnAMemberThatIsNotAPromptAreAnError() {
      JavaFileObject source = scenario("Demo",
          "@LlmBenchmark",
          "class Demo {",
          "  @Prompt String p = \"a\";",
          "  @Warmup(requests = 1) String helper = \"b\";",
          "}");
      assertThat(compile(source))
          .hadErrorContaining("@Warmup on 'helper' has no effect: on a member, settings apply only to a @Prompt")
          .inFile(source)
          .onLineContaining("String helper");
    }
  }

  @Nested
  class Params {

    @Test
    void privateParamMustBecomePackagePrivate() {
      JavaFileObject source = scenario("Demo",
          "@LlmBenchmark",
          "class Demo {",
          "  @Param(\"1\") private int size;",
          "  @Prompt String p() { return \"x\".repeat(size); }",
          "}");
      assertThat(compile(source))
          .hadErrorContaining("@Param 'size' is private; make it package-private")
          .inFile(source)
          .onLineContaining("private int size");
    }

    @Test
    void typeMustBeSupported() {
      JavaFileObject source = scenario("Demo",
          "@LlmBenchmark",
          "class Demo {",
          "  @Param(\"1\") java.math.BigDecimal amount;",
          "  @Prompt String p = \"x\";",
          "}");
      assertThat(compile(source))
          .hadErrorContaining("@Param 'amount' is of type java.math.BigDecimal; declare it as String, int, long, "
              + "double or boolean")
          .inFile(source)
          .onLineContaining("BigDecimal amount");
    }

    @Test
    void mustNotBeFinal() {
      JavaFileObject source = scenario("Demo",
          "@LlmBenchmark",
          "class Demo {",
          "  @Param(\"a\") final String mode = \"a\";",
          "  @Prompt String p = \"x\";",
          "}");
      assertThat(compile(source))
          .hadErrorContaining("@Param 'mode' is final; remove final")
          .inFile(source)
          .onLineContaining("final String mode");
    }

    @Test
    void mustNotBeStatic() {
      JavaFileObject source = scenario("Demo",
          "@LlmBenchmark",
          "class Demo {",
          "  @Param(\"a\") static String mode;",
          "  @Prompt String p = \"x\";",
          "}");
      assertThat(compile(source))
          .hadErrorContaining("@Param 'mode' is static; make it an instance field")
          .inFile(source)
          .onLineContaining("static String mode");
    }

    @Test
    void needsValues() {
      JavaFileObject source = scenario("Demo",
          "@LlmBenchmark",
          "class Demo {",
          "  @Param({}) String mode;",
          "  @Prompt String p = \"x\";",
          "}");
      assertThat(compile(source))
          .hadErrorContaining("@Param 'mode' has no values; list at least one")
          .inFile(source)
          .onLineContaining("String mode");
    }

    @Test
    void everyValueMustParseForTheFieldType() {
      JavaFileObject source = scenario("Demo",
          "@LlmBenchmark",
          "class Demo {",
          "  @Param({\"1\",",
          "          \"ten\",",
          "          \"3\"})",
          "  int words;",
          "  @Param({\"true\",",
          "          \"yes\"})",
          "  Boolean strict;",
          "  @Param(\"0.5x\") double ratio;",
          "  @Prompt String p = \"x\";",
          "}");
      Compilation compilation = compile(source);
      assertThat(compilation).hadErrorCount(3);
      assertThat(compilation)
          .hadErrorContaining("@Param 'words' value \"ten\" is not a valid int; write a whole number")
          .inFile(source)
          .onLineContaining("\"ten\"");
      assertThat(compilation)
          .hadErrorContaining("@Param 'strict' value \"yes\" is not a valid boolean; write true or false")
          .inFile(source)
          .onLineContaining("\"yes\"");
      assertThat(compilation)
          .hadErrorContaining("@Param 'ratio' value \"0.5x\" is not a valid double")
          .inFile(source)
          .onLineContaining("double ratio");
    }
  }

  @Nested
  class Settings {

    @Test
    void concurrencyMustListLevelsOfAtLeastOne() {
      JavaFileObject source = scenario("Demo",
          "@LlmBenchmark",
          "@Concurrency({1,",
          "              0})",
          "class Demo {",
          "  @Prompt @Concurrency({}) String p = \"x\";",
          "}");
      Compilation compilation = compile(source);
      assertThat(compilation)
          .hadErrorContaining("@Concurrency level 0 must be at least 1")
          .inFile(source)
          .onLineContaining("0})");
      assertThat(compilation)
          .hadErrorContaining("@Concurrency has no levels; list at least one")
          .inFile(source)
          .onLineContaining("String p");
    }

    @Test
    void requestCountsAndMaxTokensHaveLowerBounds() {
      JavaFileObject source = scenario("Demo",
          "@LlmBenchmark",
          "@Warmup(requests = -1)",
          "@Measurement(requests = 0)",
          "@MaxTokens(0)",
          "class Demo {",
          "  @Prompt String p = \"x\";",
          "}");
      Compilation compilation = compile(source);
      assertThat(compilation).hadErrorCount(3);
      assertThat(compilation)
          .hadErrorContaining("@Warmup(requests = -1) is negative; use 0 to skip warm-up")
          .inFile(source)
          .onLineContaining("@Warmup");
      assertThat(compilation)
          .hadErrorContaining("@Measurement(requests = 0) must be at least 1")
          .inFile(source)
          .onLineContaining("@Measurement");
      assertThat(compilation)
          .hadErrorContaining("@MaxTokens(0) must be at least 1")
          .inFile(source)
          .onLineContaining("@MaxTokens");
    }

    @Test
    void anAdaptiveCeilingBelowTheFirstLookIsAnError() {
      JavaFileObject source = scenario("Demo",
          "@LlmBenchmark",
          "class Demo {",
          "  @Prompt @Measurement(requests = 20,",
          "                       maxRequests = 10) String p = \"x\";",
          "}");
      Compilation compilation = compile(source);
      assertThat(compilation).hadErrorCount(1);
      assertThat(compilation)
          .hadErrorContaining("@Measurement(maxRequests = 10) is below requests = 20; raise it to at least 20")
          .inFile(source)
          .onLineContaining("maxRequests = 10");
    }

    @Test
    void temperatureMustBeFiniteAndNotNegative() {
      JavaFileObject source = scenario("Demo",
          "@LlmBenchmark",
          "@Sampling(temperature = -0.5)",
          "class Demo {",
          "  @Prompt @Sampling(temperature = Double.NaN) String p = \"x\";",
          "}");
      Compilation compilation = compile(source);
      assertThat(compilation)
          .hadErrorContaining("@Sampling(temperature = -0.5) must be a finite number of at least 0")
          .inFile(source)
          .onLineContaining("-0.5");
      assertThat(compilation)
          .hadErrorContaining("@Sampling(temperature = NaN) must be a finite number of at least 0")
          .inFile(source)
          .onLineContaining("Double.NaN");
    }

    @Test
    void endpointUrlMustNotCarryCredentials() {
      JavaFileObject source = scenario("Demo",
          "@LlmBenchmark",
          "@Endpoint(model = \"m\",",
          "          url = \"http://ann:s3cret@gpu-box:8000/v1\")",
          "class Demo {",
          "  @Prompt String p = \"x\";",
          "}");
      Compilation compilation = compile(source);
      assertThat(compilation).hadErrorCount(1);
      assertThat(compilation)
          .hadErrorContaining("@Endpoint url carries user:password@, which would be committed with the source; write"
              + " \"http://gpu-box:8000/v1\" and give the credentials at run time")
          .inFile(source)
          .onLineContaining("ann:s3cret@");
    }

    @Test
    void endpointUrlMustBeHttp() {
      JavaFileObject source = scenario("Demo",
          "@LlmBenchmark",
          "@Endpoint(model = \"m\",",
          "          url = \"localhost:11434/v1\")",
          "class Demo {",
          "  @Prompt @Endpoint(url = \"embedded\") String p = \"x\";",
          "  @Prompt @Endpoint(url = \"https://api.example.com/v1\") String q = \"y\";",
          "}");
      Compilation compilation = compile(source);
      assertThat(compilation).hadErrorCount(1);
      assertThat(compilation)
          .hadErrorContaining("@Endpoint url \"localhost:11434/v1\" is not an http(s) URL; write e.g. "
              + "\"http://localhost:11434/v1\", \"embedded\" for the built-in llama.cpp server or \"simulated\" for the simulator")
          .inFile(source)
          .onLineContaining("url = \"localhost");
    }

    @Test
    void endpointApiMustBeKnown() {
      JavaFileObject source = scenario("Demo",
          "@LlmBenchmark",
          "@Endpoint(model = \"m\", api = \"ollama-generate\")",
          "class Demo {",
          "  @Prompt @Endpoint(api = \"anthropic\") String p = \"x\";",
          "  @Prompt String q = \"y\";",
          "}");
      Compilation compilation = compile(source);
      assertThat(compilation).hadErrorCount(1);
      assertThat(compilation)
          .hadErrorContaining("@Endpoint api \"anthropic\" is not one of openai-chat, openai-completions, ollama-chat,"
              + " ollama-generate; leave it out to detect it from the URL")
          .inFile(source)
          .onLineContaining("anthropic");
    }
  }

  @Nested
  class Constraints {

    @Test
    void unknownMetricSuggestsTheNearestOne() {
      JavaFileObject source = scenario("Demo",
          "@LlmBenchmark",
          "@Constraint(\"ttfb.p95 < 2s\")",
          "class Demo {",
          "  @Prompt String p = \"x\";",
          "}");
      assertThat(compile(source))
          .hadErrorContaining("unknown metric 'ttfb' in \"ttfb.p95 < 2s\"; did you mean 'ttft'")
          .inFile(source)
          .onLineContaining("ttfb.p95");
    }

    @Test
    void aQuantityNeedsAUnit() {
      JavaFileObject source = scenario("Demo",
          "@LlmBenchmark",
          "class Demo {",
          "  @Prompt",
          "  @Constraint(\"tpot.p50 < 150\")",
          "  String p = \"x\";",
          "}");
      assertThat(compile(source))
          .hadErrorContaining("the budget '150' has no unit in \"tpot.p50 < 150\"")
          .inFile(source)
          .onLineContaining("tpot.p50 < 150");
    }

    @Test
    void eachRepeatedConstraintIsCheckedOnItsOwnLine() {
      JavaFileObject source = scenario("Demo",
          "@LlmBenchmark",
          "@Constraint(\"ttft.p95 < 2s\")",
          "@Constraint(\"e2e.p99 < 12\")",
          "@Constraint(\"itl.p50 < 40ms\")",
          "@Constraint(\"tpot.p5O < 40ms\")",
          "class Demo {",
          "  @Prompt String p = \"x\";",
          "}");
      Compilation compilation = compile(source);
      assertThat(compilation).hadErrorCount(2);
      assertThat(compilation)
          .hadErrorContaining("has no unit in \"e2e.p99 < 12\"")
          .inFile(source)
          .onLineContaining("e2e.p99");
      assertThat(compilation)
          .hadErrorContaining("unknown statistic 'p5O' in \"tpot.p5O < 40ms\"; did you mean 'p50'")
          .inFile(source)
          .onLineContaining("tpot.p5O");
    }

    @Test
    void anExplicitlyWrittenContainerIsCheckedToo() {
      JavaFileObject source = scenario("Demo",
          "@LlmBenchmark",
          "class Demo {",
          "  @Prompt",
          "  @Constraints({",
          "      @Constraint(\"ttft.p95 < 2s\"),",
          "      @Constraint(\"e2e.p95 < 3 lightyears\")",
          "  })",
          "  String p = \"x\";",
          "}");
      assertThat(compile(source))
          .hadErrorContaining("unknown unit 'lightyears'")
          .inFile(source)
          .onLineContaining("lightyears");
    }

    @Test
    void metricsNotImplementedYetAndUnjudgeableRegressionsAreErrors() {
      JavaFileObject source = scenario("Demo",
          "@LlmBenchmark",
          "@Constraint(\"prefill_rate.p50 > 100 tok/s\")",
          "@Constraint(\"ttft.p95 regression < 10%\")",
          "@Constraint(\"ttft.p50 regression < 10%\")",
          "class Demo {",
          "  @Prompt String p = \"x\";",
          "}");
      Compilation compilation = compile(source);
      assertThat(compilation)
          .hadErrorContaining("\"prefill_rate.p50 > 100 tok/s\": metric 'prefill_rate' is not implemented yet")
          .inFile(source)
          .onLineContaining("prefill_rate.p50");
      assertThat(compilation)
          .hadErrorContaining("a regression is judged on the median")
          .inFile(source)
          .onLineContaining("ttft.p95 regression < 10%");
      assertThat(compilation).hadErrorCount(2);
    }

    @Test
    void ttftValuesAreCheckedAsConstraintsAndNamedAsWritten() {
      JavaFileObject source = scenario("Demo",
          "@LlmBenchmark",
          "@Ttft(p50 = \"1s\",",
          "      p95 = \"2\")",
          "class Demo {",
          "  @Prompt @Ttft(p99 = \"3 parsecs\") String p = \"x\";",
          "}");
      Compilation compilation = compile(source);
      assertThat(compilation).hadErrorCount(2);
      assertThat(compilation)
          .hadErrorContaining("@Ttft(p95 = \"2\"): the budget '2' has no unit in \"ttft.p95 <= 2\"")
          .inFile(source)
          .onLineContaining("p95 = \"2\"");
      assertThat(compilation)
          .hadErrorContaining("@Ttft(p99 = \"3 parsecs\"): unknown unit 'parsecs'")
          .inFile(source)
          .onLineContaining("3 parsecs");
    }
  }

  @Test
  void oneCompileReportsEveryError() {
    JavaFileObject source = scenario("Demo",
        "@LlmBenchmark",
        "@Concurrency({0})",
        "@Constraint(\"ttfb.p95 < 2s\")",
        "class Demo {",
        "  @Prompt private String secret = \"x\";",
        "  @Prompt int number = 1;",
        "  @Param(\"many\") long count;",
        "  @Prompt @Measurement(requests = 0) String ok = \"y\";",
        "}");
    Compilation compilation = compile(source);
    // Exactly these six: a class with errors gets no runner, so no follow-up errors bury them.
    assertThat(compilation).hadErrorCount(6);
    assertThat(compilation).hadErrorContaining("level 0 must be at least 1").inFile(source)
        .onLineContaining("@Concurrency");
    assertThat(compilation).hadErrorContaining("did you mean 'ttft'").inFile(source)
        .onLineContaining("ttfb");
    assertThat(compilation).hadErrorContaining("make it package-private").inFile(source)
        .onLineContaining("secret");
    assertThat(compilation).hadErrorContaining("declare it as String").inFile(source)
        .onLineContaining("int number");
    assertThat(compilation).hadErrorContaining("value \"many\" is not a valid long").inFile(source)
        .onLineContaining("long count");
    assertThat(compilation).hadErrorContaining("@Measurement(requests = 0) must be at least 1").inFile(source)
        .onLineContaining("String ok");
  }

  @Test
  void fewMeasuredRequestsForTheConcurrencyIsAWarning() {
    JavaFileObject source = scenario("Demo",
        "@LlmBenchmark",
        "@Measurement(requests = 6)",
        "@Concurrency({1, 4})",
        "class Demo {",
        "  @Prompt String first = \"a\";",
        "  @Prompt String second = \"b\";",
        "  @Prompt @Concurrency(1) String fine = \"c\";",
        "  @Prompt @Measurement(requests = 2) @Concurrency(2) String tight = \"d\";",
        "}");
    Compilation compilation = compile(source);
    assertThat(compilation).succeeded();
    assertThat(compilation).hadWarningCount(2);
    assertThat(compilation)
        .hadWarningContaining("prompt 'first', 'second': 6 measured requests at concurrency 4; measure at least 8")
        .inFile(source)
        .onLineContaining("@Measurement(requests = 6)");
    assertThat(compilation)
        .hadWarningContaining("prompt 'tight': 2 measured requests at concurrency 2; measure at least 4")
        .inFile(source)
        .onLineContaining("String tight");
  }

  @Test
  void aPercentileBudgetTheRequestCountCannotDecideIsAWarning() {
    JavaFileObject source = scenario("Demo",
        "@LlmBenchmark",
        "@Measurement(requests = 10)",
        "@Ttft(p95 = \"2s\")",
        "class Demo {",
        "  @Prompt String first = \"a\";",
        "  @Prompt @Measurement(requests = 10, maxRequests = 80) String adaptive = \"b\";",
        "  @Prompt @Ttft(p50 = \"2s\") String median = \"c\";",
        "}");
    Compilation compilation = compile(source);
    assertThat(compilation).succeeded();
    assertThat(compilation).hadWarningCount(1);
    assertThat(compilation)
        .hadWarningContaining("prompt 'first': \"ttft.p95 <= 2s\" cannot PASS on 10 requests: 59 are needed to show"
            + " ttft.p95 below a budget at 95%")
        .inFile(source)
        .onLineContaining("String first");
  }
}
