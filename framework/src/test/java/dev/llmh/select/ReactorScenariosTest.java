package dev.llmh.select;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.select.ReactorScenarios.Declared;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReactorScenariosTest {

  private static void write(Path file, String text) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
  }

  private static String pom(String... modules) {
    StringBuilder pom = new StringBuilder("<project><!-- <module>commented</module> --><modules>");
    for (String module : modules) {
      pom.append("<module>").append(module).append("</module>");
    }
    return pom.append("</modules></project>").toString();
  }

  @Test
  void findsTheOtherModulesScenariosFromTheirSources(@TempDir Path outside) throws IOException {
    // The build sits in a directory whose own pom does not list it: that pom is not part of the build.
    write(outside.resolve("pom.xml"), pom("elsewhere"));
    Path root = outside.resolve("build");
    write(root.resolve("pom.xml"), pom("translation", "group"));
    write(root.resolve("group/pom.xml"), pom("summaries"));
    write(root.resolve("translation/pom.xml"), "<project/>");
    write(root.resolve("translation/src/test/java/com/example/Translation.java"),
        "package com.example;\n@LlmBenchmark\npublic class Translation {}");
    write(root.resolve("group/summaries/pom.xml"), "<project/>");
    write(root.resolve("group/summaries/src/test/java/com/example/sum/Summaries.java"),
        "package com.example.sum;\n\n@dev.llmh.annotations.LlmBenchmark(description = \"x\")\nclass Summaries {}");
    write(root.resolve("group/summaries/src/test/java/com/example/sum/PlainTest.java"),
        "package com.example.sum;\n/** Mentions \"@LlmBenchmark class X\" in a string. */\nclass PlainTest {\n"
            + "  String s = \"@LlmBenchmark class Y\";\n\n  @LlmBenchmark\n  @Concurrency({1, 2})\n  static class Nested {}\n}");
    write(root.resolve("commented/src/test/java/Hidden.java"), "@LlmBenchmark class Hidden {}");
    // A JUnit test's own fixture is no scenario a build of its module runs.
    write(root.resolve("group/summaries/src/test/java/com/example/sum/DiscoveryTest.java"),
        "package com.example.sum;\nclass DiscoveryTest {\n  @Test\n  void finds() {}\n\n  @LlmBenchmark\n  static class Fixture {}\n}");

    ReactorScenarios fromTranslation = ReactorScenarios.around(root.resolve("translation"));
    assertThat(fromTranslation.root()).isEqualTo(root.toAbsolutePath().normalize());
    assertThat(fromTranslation.scenarios()).containsExactly(
        new Declared("com.example.sum.PlainTest$Nested", "group/summaries"),
        new Declared("com.example.sum.Summaries", "group/summaries"));
    assertThat(fromTranslation.anyMatches(CasePattern.parse("Nested"))).isTrue();
    assertThat(fromTranslation.anyMatches(CasePattern.parse("Summ*#anything"))).isTrue();
    assertThat(fromTranslation.anyMatches(CasePattern.parse("Translation"))).isFalse();

    assertThat(ReactorScenarios.around(root.resolve("group/summaries")).scenarios())
        .containsExactly(new Declared("com.example.Translation", "translation"));
  }

  @Test
  void aModuleOutsideAnyBuildHasNoOthers(@TempDir Path dir) throws IOException {
    write(dir.resolve("pom.xml"), "<project/>");
    write(dir.resolve("src/test/java/A.java"), "@LlmBenchmark class A {}");
    ReactorScenarios alone = ReactorScenarios.around(dir);
    assertThat(alone.root()).isEqualTo(dir.toAbsolutePath().normalize());
    assertThat(alone.scenarios()).isEmpty();
  }
}
