package dev.llmh.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.llmh.processor.CompiledScenario.compiled;

import com.google.testing.compile.Compilation;
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
      compiled("Demo", "@LlmBenchmark", declaration, "}")
          .errorOn("@LlmBenchmark", "@LlmBenchmark goes on a class, but Demo is " + kind);
    }

    @Test
    void mustNotBeAbstract() {
      compiled("Demo",
          "@LlmBenchmark",
          "abstract class Demo {",
          "  @Prompt String p = \"x\";",
          "}")
          .errorOn("@LlmBenchmark", "is abstract; remove abstract");
    }

    @Test
    void nestedClassMustBeStatic() {
      compiled("Outer",
          "class Outer {",
          "  @LlmBenchmark class Inner {",
          "    @Prompt String p = \"x\";",
          "  }",
          "}")
          .errorOn("class Inner", "Inner is an inner class; make it static");
    }

    @Test
    void mustNotBePrivate() {
      compiled("Outer",
          "class Outer {",
          "  @LlmBenchmark private static class Hidden {",
          "    @Prompt String p = \"x\";",
          "  }",
          "}")
          .errorOn("class Hidden", "@LlmBenchmark class Hidden is private; make it package-private");
    }

    @Test
    void needsANoArgumentConstructor() {
      compiled("Demo",
          "@LlmBenchmark",
          "class Demo {",
          "  Demo(String name) {}",
          "  @Prompt String p = \"x\";",
          "}")
          .errorOn("@LlmBenchmark", "has no no-argument constructor; add one");
    }

    @Test
    void constructorMustNotBePrivate() {
      compiled("Demo",
          "@LlmBenchmark",
          "class Demo {",
          "  private Demo() {}",
          "  @Prompt String p = \"x\";",
          "}")
          .errorOn("private Demo()",
              "constructor of @LlmBenchmark class Demo is private; make it package-private");
    }

    @Test
    void needsAPrompt() {
      compiled("Demo",
          "@LlmBenchmark",
          "class Demo {",
          "  String notAPrompt = \"x\";",
          "}")
          .errorOn("@LlmBenchmark",
              "has no @Prompt; add a String field or a no-argument method returning String annotated @Prompt");
    }

    @Test
    void classLevelSettingsNeedLlmBenchmarkToo() {
      compiled("Demo",
          "@Warmup(requests = 1)",
          "class Demo {",
          "}")
          .errorOn("@Warmup", "@Warmup on class Demo has no effect without @LlmBenchmark; add @LlmBenchmark");
    }

    @Test
    void aNestedScenarioKeepsItsOwnClassLevelSettings() {
      Compilation compilation = compiled("Outer",
          "@LlmBenchmark",
          "class Outer {",
          "  @Prompt String p = \"x\";",
          "  @LlmBenchmark @Warmup(requests = 0)",
          "  static class Inner {",
          "    @Prompt String q = \"y\";",
          "  }",
          "}").compilation();
      assertThat(compilation).succeededWithoutWarnings();
      assertThat(compilation).generatedSourceFile("com.example.Outer_LlmhRunner");
      assertThat(compilation).generatedSourceFile("com.example.Outer_Inner_LlmhRunner");
    }

    @Test
    void memberAnnotationsNeedLlmBenchmarkOnTheClass() {
      compiled("Demo",
          "class Demo {",
          "  @Prompt String forgotten = \"x\";",
          "  @Param(\"1\") int size;",
          "}")
          .errorOn("forgotten", "@Prompt on 'forgotten' in class Demo has no effect without @LlmBenchmark; "
              + "add @LlmBenchmark to the class")
          .errorOn("int size", "add @LlmBenchmark to the class");
    }
  }

  @Nested
  class Prompts {

    @Test
    void fieldMustBeAString() {
      compiled("Demo",
          "@LlmBenchmark",
          "class Demo {",
          "  @Prompt int count = 3;",
          "}")
          .errorOn("int count", "@Prompt field 'count' is of type int; declare it as String");
    }

    @Test
    void methodMustReturnAString() {
      compiled("Demo",
          "@LlmBenchmark",
          "class Demo {",
          "  @Prompt StringBuilder text() { return new StringBuilder(); }",
          "}")
          .errorOn("StringBuilder text()",
              "@Prompt method text() returns java.lang.StringBuilder; make it return String");
    }

    @Test
    void methodMustTakeNoArguments() {
      compiled("Demo",
          "@LlmBenchmark",
          "class Demo {",
          "  @Prompt String text(int words, int times) { return \"w\".repeat(words * times); }",
          "}")
          .errorOn("String text(int words, int times)", "@Prompt method text() takes parameters; remove them");
    }

    @Test
    void privatePromptMustBecomePackagePrivate() {
      compiled("Demo",
          "@LlmBenchmark",
          "class Demo {",
          "  @Prompt private String secret = \"x\";",
          "  @Prompt private String hidden() { return \"y\"; }",
          "}")
          .errorOn("String secret", "@Prompt 'secret' is private; make it package-private")
          .errorOn("String hidden()", "@Prompt 'hidden' is private; make it package-private");
    }

    @Test
    void duplicateNamesAreReportedOnTheLaterPrompt() {
      compiled("Demo",
          "@LlmBenchmark",
          "class Demo {",
          "  @Prompt String shortText = \"a\";",
          "  @Prompt(name = \"shortText\") String other = \"b\";",
          "  @Prompt(name = \"long\") String first = \"c\";",
          "  @Prompt(",
          "      name = \"long\"",
          "  )",
          "  String second = \"d\";",
          "}")
          .errorCount(2)
          .errorOn("String other",
              "prompt name 'shortText' is already used by 'shortText'; give this one a different "
              + "@Prompt(name = \"...\")")
          .errorOn("    name = \"long\"", "prompt name 'long' is already used by 'first'");
    }

    @Test
    void aFieldAndAMethodOfTheSameNameClash() {
      compiled("Demo",
          "@LlmBenchmark",
          "class Demo {",
          "  @Prompt String text = \"a\";",
          "  @Prompt String text() { return \"b\"; }",
          "}")
          .errorOn("String text()", "prompt name 'text' is already used by 'text'");
    }

    @Test
    void settingsOnAMemberThatIsNotAPromptAreAnError() {
      compiled("Demo",
          "@LlmBenchmark",
          "class Demo {",
          "  @Prompt String p = \"a\";",
          "  @Warmup(requests = 1) String helper = \"b\";",
          "}")
          .errorOn("String helper",
              "@Warmup on 'helper' has no effect: on a member, settings apply only to a @Prompt");
    }
  }

  @Nested
  class Params {

    @Test
    void privateParamMustBecomePackagePrivate() {
      compiled("Demo",
          "@LlmBenchmark",
          "class Demo {",
          "  @Param(\"1\") private int size;",
          "  @Prompt String p() { return \"x\".repeat(size); }",
          "}")
          .errorOn("private int size", "@Param 'size' is private; make it package-private");
    }

    @Test
    void typeMustBeSupported() {
      compiled("Demo",
          "@LlmBenchmark",
          "class Demo {",
          "  @Param(\"1\") java.math.BigDecimal amount;",
          "  @Prompt String p = \"x\";",
          "}")
          .errorOn("BigDecimal amount",
              "@Param 'amount' is of type java.math.BigDecimal; declare it as String, int, long, "
              + "double or boolean");
    }

    @Test
    void mustNotBeFinal() {
      compiled("Demo",
          "@LlmBenchmark",
          "class Demo {",
          "  @Param(\"a\") final String mode = \"a\";",
          "  @Prompt String p = \"x\";",
          "}")
          .errorOn("final String mode", "@Param 'mode' is final; remove final");
    }

    @Test
    void mustNotBeStatic() {
      compiled("Demo",
          "@LlmBenchmark",
          "class Demo {",
          "  @Param(\"a\") static String mode;",
          "  @Prompt String p = \"x\";",
          "}")
          .errorOn("static String mode", "@Param 'mode' is static; make it an instance field");
    }

    @Test
    void needsValues() {
      compiled("Demo",
          "@LlmBenchmark",
          "class Demo {",
          "  @Param({}) String mode;",
          "  @Prompt String p = \"x\";",
          "}")
          .errorOn("String mode", "@Param 'mode' has no values; list at least one");
    }

    @Test
    void everyValueMustParseForTheFieldType() {
      compiled("Demo",
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
          "}")
          .errorCount(3)
          .errorOn("\"ten\"", "@Param 'words' value \"ten\" is not a valid int; write a whole number")
          .errorOn("\"yes\"", "@Param 'strict' value \"yes\" is not a valid boolean; write true or false")
          .errorOn("double ratio", "@Param 'ratio' value \"0.5x\" is not a valid double");
    }
  }

  @Nested
  class Settings {

    @Test
    void concurrencyMustListLevelsOfAtLeastOne() {
      compiled("Demo",
          "@LlmBenchmark",
          "@Concurrency({1,",
          "              0})",
          "class Demo {",
          "  @Prompt @Concurrency({}) String p = \"x\";",
          "}")
          .errorOn("0})", "@Concurrency level 0 must be at least 1")
          .errorOn("String p", "@Concurrency has no levels; list at least one");
    }

    @Test
    void requestCountsAndMaxTokensHaveLowerBounds() {
      compiled("Demo",
          "@LlmBenchmark",
          "@Warmup(requests = -1)",
          "@Measurement(requests = 0)",
          "@MaxTokens(0)",
          "class Demo {",
          "  @Prompt String p = \"x\";",
          "}")
          .errorCount(3)
          .errorOn("@Warmup", "@Warmup(requests = -1) is negative; use 0 to skip warm-up")
          .errorOn("@Measurement", "@Measurement(requests = 0) must be at least 1")
          .errorOn("@MaxTokens", "@MaxTokens(0) must be at least 1");
    }

    @Test
    void zeroMeasuredRequestsIsOneErrorAndNoWarningThatContradictsIt() {
      compiled("Demo",
          "@LlmBenchmark",
          "@Concurrency({1, 4})",
          "@Constraint(\"ttft.p95 < 2s\")",
          "class Demo {",
          "  @Prompt @Measurement(requests = 0, adaptive = false) String p = \"x\";",
          "}")
          .errorCount(1)
          .errorOn("requests = 0", "@Measurement(requests = 0) must be at least 1")
          .warningCount(0);
    }

    @Test
    void anAdaptiveCeilingBelowTheFirstLookIsAnError() {
      compiled("Demo",
          "@LlmBenchmark",
          "class Demo {",
          "  @Prompt @Measurement(requests = 20,",
          "                       maxRequests = 10) String p = \"x\";",
          "}")
          .errorCount(1)
          .errorOn("maxRequests = 10",
              "@Measurement(maxRequests = 10) is below requests = 20; raise it to at least 20");
    }

    @Test
    void temperatureMustBeFiniteAndNotNegative() {
      compiled("Demo",
          "@LlmBenchmark",
          "@Sampling(temperature = -0.5)",
          "class Demo {",
          "  @Prompt @Sampling(temperature = Double.NaN) String p = \"x\";",
          "}")
          .errorOn("-0.5", "@Sampling(temperature = -0.5) must be a finite number of at least 0")
          .errorOn("Double.NaN", "@Sampling(temperature = NaN) must be a finite number of at least 0");
    }

    @Test
    void endpointUrlMustNotCarryCredentials() {
      compiled("Demo",
          "@LlmBenchmark",
          "@Endpoint(model = \"m\",",
          "          url = \"http://ann:s3cret@gpu-box:8000/v1\")",
          "class Demo {",
          "  @Prompt String p = \"x\";",
          "}")
          .errorCount(1)
          .errorOn("ann:s3cret@",
              "@Endpoint url carries user:password@, which would be committed with the source; write"
              + " \"http://gpu-box:8000/v1\" and give the credentials at run time");
    }

    @Test
    void endpointUrlMustBeHttp() {
      compiled("Demo",
          "@LlmBenchmark",
          "@Endpoint(model = \"m\",",
          "          url = \"localhost:11434/v1\")",
          "class Demo {",
          "  @Prompt @Endpoint(url = \"embedded\") String p = \"x\";",
          "  @Prompt @Endpoint(url = \"https://api.example.com/v1\") String q = \"y\";",
          "}")
          .errorCount(1)
          .errorOn("url = \"localhost",
              "@Endpoint url \"localhost:11434/v1\" is not an http(s) URL; write e.g. "
              + "\"http://localhost:11434/v1\", \"embedded\" for the built-in llama.cpp server or \"simulated\" "
              + "for the simulator");
    }

    @Test
    void endpointApiMustBeKnown() {
      compiled("Demo",
          "@LlmBenchmark",
          "@Endpoint(model = \"m\", api = \"ollama-generate\")",
          "class Demo {",
          "  @Prompt @Endpoint(api = \"anthropic\") String p = \"x\";",
          "  @Prompt String q = \"y\";",
          "}")
          .errorCount(1)
          .errorOn("anthropic",
              "@Endpoint api \"anthropic\" is not one of openai-chat, openai-completions, ollama-chat,"
              + " ollama-generate; leave it out to detect it from the URL");
    }

    @Test
    void modelsComparedSideBySideMustBeNamedAndListedOnce() {
      compiled("Demo",
          "@LlmBenchmark",
          "@Endpoint(model = {\"q4\", \" \", \"q8\",",
          "                   \"q4\"})",
          "class Demo {",
          "  @Prompt String p = \"x\";",
          "}")
          .errorCount(2)
          .errorOn("\" \"", "@Endpoint model \" \" is blank; name a model")
          .errorOn("\"q4\"})", "@Endpoint lists model \"q4\" twice; remove one (each model is a case)");
    }

    @Test
    void severalModelsWithoutWarmUpAreWarnedOfTheirLoads() {
      compiled("Demo",
          "@LlmBenchmark",
          "@Endpoint(model = {\"q4\", \"q8\"})",
          "@Warmup(requests = 0)",
          "class Demo {",
          "  @Prompt String p = \"x\";",
          "}")
          .succeeded()
          .warningCount(1)
          .warningOn("@Warmup", "@Warmup(requests = 0) with several models: the first measured requests of each model pay"
              + " its load when the server switches models");
    }

    @Test
    void aParamNamedModelClashesWithSeveralModels() {
      compiled("Demo",
          "@LlmBenchmark",
          "@Endpoint(model = {\"q4\", \"q8\"})",
          "class Demo {",
          "  @Param({\"a\"}) String model;",
          "  @Prompt String p = \"x\";",
          "}")
          .errorCount(1)
          .errorOn("String model;", "@Param 'model' clashes with the case parameter 'model' that @Endpoint(model = {...})"
              + " makes of several models; rename the field");
      // one model is no parameter: the field is the scenario's own
      compiled("Demo",
          "@LlmBenchmark",
          "@Endpoint(model = \"q4\")",
          "class Demo {",
          "  @Param({\"a\"}) String model;",
          "  @Prompt String p = \"x\";",
          "}")
          .succeeded();
    }
  }

  @Nested
  class Constraints {

    @Test
    void unknownMetricSuggestsTheNearestOne() {
      compiled("Demo",
          "@LlmBenchmark",
          "@Constraint(\"ttfb.p95 < 2s\")",
          "class Demo {",
          "  @Prompt String p = \"x\";",
          "}")
          .errorOn("ttfb.p95", "unknown metric 'ttfb' in \"ttfb.p95 < 2s\"; did you mean 'ttft'");
    }

    @Test
    void aQuantityNeedsAUnit() {
      compiled("Demo",
          "@LlmBenchmark",
          "class Demo {",
          "  @Prompt",
          "  @Constraint(\"tpot.p50 < 150\")",
          "  String p = \"x\";",
          "}")
          .errorOn("tpot.p50 < 150", "the budget '150' has no unit in \"tpot.p50 < 150\"");
    }

    @Test
    void eachRepeatedConstraintIsCheckedOnItsOwnLine() {
      compiled("Demo",
          "@LlmBenchmark",
          "@Constraint(\"ttft.p95 < 2s\")",
          "@Constraint(\"e2e.p99 < 12\")",
          "@Constraint(\"itl.p50 < 40ms\")",
          "@Constraint(\"tpot.p5O < 40ms\")",
          "class Demo {",
          "  @Prompt String p = \"x\";",
          "}")
          .errorCount(2)
          .errorOn("e2e.p99", "has no unit in \"e2e.p99 < 12\"")
          .errorOn("tpot.p5O", "unknown statistic 'p5O' in \"tpot.p5O < 40ms\"; did you mean 'p50'");
    }

    @Test
    void anExplicitlyWrittenContainerIsCheckedToo() {
      compiled("Demo",
          "@LlmBenchmark",
          "class Demo {",
          "  @Prompt",
          "  @Constraints({",
          "      @Constraint(\"ttft.p95 < 2s\"),",
          "      @Constraint(\"e2e.p95 < 3 lightyears\")",
          "  })",
          "  String p = \"x\";",
          "}")
          .errorOn("lightyears", "unknown unit 'lightyears'");
    }

    @Test
    void goodputWithoutAnSloAndUnjudgeableRegressionsAreErrors() {
      compiled("Demo",
          "@LlmBenchmark",
          "@Constraint(\"goodput > 1 req/s\")",
          "@Constraint(\"ttft.p95 regression < 10%\")",
          "@Constraint(\"ttft.p50 regression < 10%\")",
          "class Demo {",
          "  @Prompt String p = \"x\";",
          "}")
          .errorOn("class Demo",
              "\"goodput > 1 req/s\": 'goodput' counts the requests that meet an @Slo, and none applies here;"
                  + " declare what a good request is, e.g. @Slo(ttft = \"2s\", tpot = \"100ms\")")
          .errorOn("ttft.p95 regression < 10%", "a regression is judged on the median")
          .errorCount(2);
    }

    @Test
    void ttftValuesAreCheckedAsConstraintsAndNamedAsWritten() {
      compiled("Demo",
          "@LlmBenchmark",
          "@Ttft(p50 = \"1s\",",
          "      p95 = \"2\")",
          "class Demo {",
          "  @Prompt @Ttft(p99 = \"3 parsecs\") String p = \"x\";",
          "}")
          .errorCount(2)
          .errorOn("p95 = \"2\"", "@Ttft(p95 = \"2\"): the budget '2' has no unit in \"ttft.p95 <= 2\"")
          .errorOn("3 parsecs", "@Ttft(p99 = \"3 parsecs\"): unknown unit 'parsecs'");
    }
  }

  @Test
  void oneCompileReportsEveryError() {
    compiled("Demo",
        "@LlmBenchmark",
        "@Concurrency({0})",
        "@Constraint(\"ttfb.p95 < 2s\")",
        "class Demo {",
        "  @Prompt private String secret = \"x\";",
        "  @Prompt int number = 1;",
        "  @Param(\"many\") long count;",
        "  @Prompt @Measurement(requests = 0) String ok = \"y\";",
        "}")
        // Exactly these six: a class with errors gets no runner, so no follow-up errors bury them.
        .errorCount(6)
        .errorOn("@Concurrency", "level 0 must be at least 1")
        .errorOn("ttfb", "did you mean 'ttft'")
        .errorOn("secret", "make it package-private")
        .errorOn("int number", "declare it as String")
        .errorOn("long count", "value \"many\" is not a valid long")
        .errorOn("String ok", "@Measurement(requests = 0) must be at least 1");
  }

  @Test
  void fewMeasuredRequestsForTheConcurrencyIsAWarning() {
    compiled("Demo",
        "@LlmBenchmark",
        "@Measurement(requests = 6)",
        "@Concurrency({1, 4})",
        "class Demo {",
        "  @Prompt String first = \"a\";",
        "  @Prompt String second = \"b\";",
        "  @Prompt @Concurrency(1) String fine = \"c\";",
        "  @Prompt @Measurement(requests = 2) @Concurrency(2) String tight = \"d\";",
        "}")
        .succeeded()
        .warningCount(2)
        .warningOn("@Measurement(requests = 6)",
            "prompt 'first', 'second': 6 measured requests at concurrency 4; measure at least 8")
        .warningOn("String tight",
            "prompt 'tight': 2 measured requests at concurrency 2; measure at least 4");
  }

  @Test
  void aPercentileBudgetAFixedRequestCountCannotDecideIsAWarning() {
    compiled("Demo",
        "@LlmBenchmark",
        "@Measurement(requests = 10, adaptive = false)",
        "@Ttft(p95 = \"2s\")",
        "class Demo {",
        "  @Prompt String first = \"a\";",
        "  @Prompt @Measurement(requests = 10, maxRequests = 80) String ceiling = \"b\";",
        "  @Prompt @Measurement(requests = 10) String adaptive = \"c\";",
        "  @Prompt @Ttft(p50 = \"2s\") String median = \"d\";",
        "}")
        .succeeded()
        .warningCount(2)
        .warningOn("String first",
            "prompt 'first': \"ttft.p95 <= 2s\" cannot PASS on 10 requests: 59 are needed to show"
            + " ttft.p95 below a budget at 95%;")
        // looks at 10, 20, 40, 80 share the 5%: the last look's bounds are at 98.75%, where p95 needs 86
        .warningOn("String ceiling",
            "prompt 'ceiling': \"ttft.p95 <= 2s\" cannot PASS on 80 requests: 86 are needed to show"
            + " ttft.p95 below a budget at 95% (98.75% per look over 4 looks);");
  }

  @Test
  void aFixedCountWithACeilingIsAnError() {
    compiled("Demo",
        "@LlmBenchmark",
        "@Measurement(requests = 10, maxRequests = 80,",
        "             adaptive = false)",
        "class Demo {",
        "  @Prompt String p = \"a\";",
        "}")
        .errorCount(1)
        .errorOn("adaptive = false", "@Measurement(adaptive = false) measures exactly requests = 10, but maxRequests = 80"
            + " asks for more; remove maxRequests, or adaptive = false");
  }
}
