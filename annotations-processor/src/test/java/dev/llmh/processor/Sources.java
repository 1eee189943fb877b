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

  static Compilation compile(JavaFileObject... sources) {
    return Compiler.javac().withProcessors(new ScenarioProcessor()).compile(sources);
  }
}
