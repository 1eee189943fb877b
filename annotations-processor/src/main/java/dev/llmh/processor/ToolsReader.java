package dev.llmh.processor;

import static dev.llmh.processor.Annotations.find;

import dev.llmh.annotations.ExpectToolCall;
import dev.llmh.annotations.ToolResult;
import dev.llmh.annotations.Tools;
import dev.llmh.processor.generator.CheckModel;
import dev.llmh.runner.CheckDeclaration;
import dev.llmh.runner.ToolResultDeclaration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.TypeElement;

/**
 * Reads a scenario's {@code @Tools} file and its {@code @ExpectToolCall} (each on the class or the
 * nearest base class declaring it): a path on the test classpath, a check naming a function, and no
 * check on tool calls where no tools are offered. The file itself is read when the case runs, from
 * the test classpath, which the compiler does not see; a function the file does not declare is
 * refused then, before the first request.
 */
record ToolsReader(Annotations annotations, Reporter reporter) {

  /** The {@code @Tools} file's path, or null when there is none or it has an error. */
  String toolsFile(TypeElement type) {
    Optional<TypeElement> declaring = nearest(type, Tools.class);
    if (declaring.isEmpty()) {
      return null;
    }
    AnnotationMirror mirror = find(declaring.get(), Tools.class).orElseThrow();
    AnnotationValue value = annotations.value(mirror, "value");
    String path = Annotations.asString(value).orElse("");
    if (path.isBlank()) {
      reporter.error(declaring.get(), mirror, value, "@Tools has no path; write the tool definitions' path on the test"
          + " classpath, e.g. @Tools(\"weather-tools.json\") for src/test/resources/weather-tools.json");
      return null;
    }
    if (path.startsWith("/")) {
      reporter.error(declaring.get(), mirror, value,
          "@Tools(\"" + path + "\") starts with '/'; a test classpath path has none: write \"" + path.substring(1) + "\"");
      return null;
    }
    return path;
  }

  /** The {@code @ExpectToolCall} check, or empty when there is none or it has an error. */
  Optional<CheckModel> expectation(TypeElement type) {
    Optional<TypeElement> declaring = nearest(type, ExpectToolCall.class);
    if (declaring.isEmpty()) {
      return Optional.empty();
    }
    TypeElement element = declaring.get();
    AnnotationMirror mirror = find(element, ExpectToolCall.class).orElseThrow();
    int errorsBefore = reporter.errorCount();
    if (nearest(type, Tools.class).isEmpty()) {
      reporter.error(element, mirror, "@ExpectToolCall checks a call of one of the tools the request offers, and"
          + " this scenario offers none; add @Tools(\"weather-tools.json\") naming the tool definitions on the test classpath");
    }
    AnnotationValue nameValue = annotations.value(mirror, "name");
    String name = Annotations.asString(nameValue).orElse("");
    if (name.isBlank()) {
      reporter.error(element, mirror, nameValue, "@ExpectToolCall has an empty name, which no call could carry; write"
          + " the function's name as the @Tools file declares it, e.g. @ExpectToolCall(name = \"get_weather\")");
    }
    List<String> keys = keys(element, mirror, "requiredArguments");
    List<String> fromPrompt = keys(element, mirror, "argumentsFromPrompt");
    return reporter.errorCount() > errorsBefore ? Optional.empty()
        : Optional.of(CheckModel.builtIn(CheckDeclaration.toolCall(name, keys, fromPrompt)));
  }

  /** The argument names of {@code @ExpectToolCall(element)}, each empty one reported. */
  private List<String> keys(TypeElement type, AnnotationMirror mirror, String element) {
    List<String> keys = new ArrayList<>();
    for (AnnotationValue value : Annotations.asList(annotations.value(mirror, element))) {
      String key = Annotations.asString(value).orElse("");
      if (key.isBlank()) {
        reporter.error(type, mirror, value, "@ExpectToolCall(" + element + ") holds an empty key, which no call's"
            + " arguments could be told to carry; write the argument's name, e.g. " + element + " = {\"city\"}, or remove it");
      }
      keys.add(key);
    }
    return keys;
  }

  /**
   * The conversation's {@code @ToolResult}, or null when there is none or it has an error.
   *
   * @param turns the {@code @Conversation}'s turns, or null when the scenario is no conversation
   */
  ToolResultDeclaration toolResult(TypeElement type, Integer turns) {
    Optional<TypeElement> declaring = nearest(type, ToolResult.class);
    if (declaring.isEmpty()) {
      return null;
    }
    TypeElement element = declaring.get();
    AnnotationMirror mirror = find(element, ToolResult.class).orElseThrow();
    int errorsBefore = reporter.errorCount();
    AnnotationValue turnValue = annotations.value(mirror, "turn");
    int turn = Annotations.asInt(turnValue).orElse(0);
    if (turns == null && nearest(type, dev.llmh.annotations.Conversation.class).isPresent()) {
      return null; // the @Conversation's own error says what to fix
    }
    if (turns == null) {
      reporter.error(element, mirror, "@ToolResult makes a conversation's turn carry a tool's result back, and this"
          + " scenario is no conversation; add @Conversation(turns = 2) with a @Prompt String next(int turn)");
    } else if (turn < 2 || turn > turns) {
      reporter.error(element, mirror, turnValue, "@ToolResult(turn = " + turn + ") must name a turn from 2 to " + turns
          + ": it answers the tool calls of the turn before it");
    }
    if (nearest(type, Tools.class).isEmpty()) {
      reporter.error(element, mirror, "@ToolResult answers a tool call, and this scenario offers no tools to call; add"
          + " @Tools(\"weather-tools.json\") naming the tool definitions on the test classpath");
    }
    Optional<AnnotationValue> fileValue = Annotations.explicitValue(mirror, "file");
    String file = fileValue.flatMap(Annotations::asString).orElse("");
    if (file.startsWith("/")) {
      reporter.error(element, mirror, fileValue.get(),
          "@ToolResult(file = \"" + file + "\") starts with '/'; a test classpath path has none: write \"" + file.substring(1) + "\"");
    }
    return reporter.errorCount() > errorsBefore ? null : new ToolResultDeclaration(turn, file.isBlank() ? null : file);
  }

  private static Optional<TypeElement> nearest(TypeElement type, Class<?> annotation) {
    return CheckReader.nearest(type, annotation).map(TypeElement.class::cast);
  }
}
