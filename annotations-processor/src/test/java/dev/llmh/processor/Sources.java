package dev.llmh.processor;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.tools.JavaFileObject;

/** Test scenarios in package {@code com.example}, with the LLMH annotations imported. */
final class Sources {
  private Sources() {}

  static JavaFileObject scenario(String simpleName, String... body) {
    List<String> lines = new ArrayList<>();
    lines.add("package com.example;");
    lines.add("");
    lines.add("import dev.llmh.annotations.*;");
    lines.add("");
    lines.addAll(Arrays.asList(body));
    return JavaFileObjects.forSourceLines("com.example." + simpleName, lines);
  }

  /**
   * The body of a benchmark with the one prompt {@code p}, what most tests of one annotation need:
   * {@code before} (the annotations under test, base classes), then {@code @LlmBenchmark} and
   * {@code declaration}, e.g. {@code "public class Derived extends Base"}.
   */
  static String[] onePrompt(String declaration, String... before) {
    List<String> lines = new ArrayList<>(Arrays.asList(before));
    lines.add("@LlmBenchmark");
    lines.add(declaration + " {");
    lines.add("  @Prompt String p = \"x\";");
    lines.add("}");
    return lines.toArray(String[]::new);
  }

  /** The name of the class {@code declaration} declares, e.g. {@code Derived} in {@code "public class Derived extends Base"}. */
  static String simpleName(String declaration) {
    String afterClass = declaration.substring(declaration.indexOf("class ") + "class ".length()).strip();
    return afterClass.split("\\s+")[0];
  }

  static Compilation compile(JavaFileObject... sources) {
    return Compiler.javac().withProcessors(new ScenarioProcessor()).compile(sources);
  }
}
