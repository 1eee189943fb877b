package dev.llmh.processor;

import static dev.llmh.processor.CompiledScenario.compiled;

import org.junit.jupiter.api.Test;

/**
 * The volatile-text warning follows calls into the scenario class's own methods: a prompt that
 * reads the clock through a helper defeats the prefix cache as surely as one that reads it itself.
 */
class VolatileHelpersTest {

  @Test
  void eachVolatileCallReachedThroughAHelperIsAWarningOnThePromptNamingThePath() {
    compiled("ViaHelper",
        "import java.time.*;",
        "import java.util.*;",
        "@LlmBenchmark",
        "class ViaHelper {",
        "  @SystemPrompt String preamble() { return \"Today is \" + today(); }",
        "  @Prompt String instant() { return \"At \" + stamp(); }",
        "  @Prompt String uuid = \"Request \" + requestId();",
        "  @Prompt String millis() { return \"t=\" + elapsed(); }",
        "  String today() { return LocalDateTime.now().toString(); }",
        "  static String stamp() { return Instant.now().toString(); }",
        "  String requestId() { return UUID.randomUUID().toString(); }",
        "  long elapsed() { return System.currentTimeMillis(); }",
        "}")
        .succeeded()
        .warningCount(4)
        .warningOn("String preamble()", "@SystemPrompt 'preamble' calls LocalDateTime.now() via today(): text that changes")
        .warningOn("String instant()", "@Prompt 'instant' calls Instant.now() via stamp()")
        .warningOn("String uuid", "@Prompt 'uuid' calls UUID.randomUUID() via requestId()")
        .warningOn("String millis()", "@Prompt 'millis' calls System.currentTimeMillis() via elapsed()");
  }

  @Test
  void aHelperOfAHelperIsFollowedTooAndEachPathIsNamed() {
    compiled("ViaTwo",
        "import java.time.*;",
        "import java.util.*;",
        "@LlmBenchmark",
        "class ViaTwo {",
        "  @SystemPrompt String preamble() { return header(); }",
        "  @Prompt String instant() { return footer(); }",
        "  @Prompt String uuid = wrap(\"x\");",
        "  @Prompt String millis() { return this.outer(); }",
        "  String header() { return \"Today is \" + today(); }",
        "  String today() { return LocalDateTime.now().toString(); }",
        "  String footer() { return \"At \" + stamp(); }",
        "  String stamp() { return Instant.now().toString(); }",
        "  String wrap(String s) { return s + requestId(); }",
        "  String requestId() { return UUID.randomUUID().toString(); }",
        "  String outer() { return Long.toString(inner()); }",
        "  long inner() { return System.currentTimeMillis(); }",
        "}")
        .succeeded()
        .warningCount(4)
        .warningOn("String preamble()", "@SystemPrompt 'preamble' calls LocalDateTime.now() via header() -> today()")
        .warningOn("String instant()", "@Prompt 'instant' calls Instant.now() via footer() -> stamp()")
        .warningOn("String uuid", "@Prompt 'uuid' calls UUID.randomUUID() via wrap() -> requestId()")
        .warningOn("String millis()", "@Prompt 'millis' calls System.currentTimeMillis() via outer() -> inner()");
  }

  @Test
  void recursiveHelpersEndAndAreReadOnceEachAndAConstantHelperIsNoWarning() {
    compiled("Recursive",
        "import java.time.*;",
        "@LlmBenchmark",
        "class Recursive {",
        "  @Prompt String countdown() { return even(4); }",
        "  @Prompt String steady() { return fixed(); }",
        "  String even(int n) { return n == 0 ? Instant.now().toString() : odd(n - 1); }",
        "  String odd(int n) { return n == 0 ? \"\" : even(n - 1) + self(n); }",
        "  String self(int n) { return n > 0 ? self(n - 1) : \"\"; }",
        "  String fixed() { return \"Define latency.\" + Instant.EPOCH; }",
        "}")
        .succeeded()
        .warningCount(1)
        .warningOn("String countdown()", "@Prompt 'countdown' calls Instant.now() via even(): text that changes");
  }

  @Test
  void helpersNestedInTheScenarioClassAreFollowedAndADirectCallIsNamedWithoutAPath() {
    compiled("Nested",
        "import java.time.*;",
        "@LlmBenchmark",
        "class Nested {",
        "  @Prompt String both() { return Instant.now() + Clock.stamp(); }",
        "  static final class Clock {",
        "    static String stamp() { return Long.toString(System.currentTimeMillis()); }",
        "  }",
        "}")
        .succeeded()
        .warningCount(1)
        .warningOn("String both()",
            "@Prompt 'both' calls Instant.now(), System.currentTimeMillis() via Clock.stamp(): text that changes");
  }
}
