package dev.llmh.processor;

import static dev.llmh.processor.Annotations.find;

import dev.llmh.annotations.Server;
import dev.llmh.constraint.ConstraintException;
import dev.llmh.constraint.ConstraintParser;
import dev.llmh.processor.generator.ParamModel;
import dev.llmh.runner.ServerDeclaration;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;

/**
 * Reads {@code @Server} on the class (or the nearest base class declaring it): each placeholder of
 * its command is {@code {port}} or one of the scenario's {@code @Param} names, so that no start can
 * run a command with a brace left in it.
 */
record ServerReader(Annotations annotations, Reporter reporter) {
  private static final Pattern PLACEHOLDER = Pattern.compile("\\{([^{}]*)}");

  /** The scenario's server; empty when it declares none or the one it declares is in error. */
  Optional<ServerDeclaration> read(TypeElement type, List<ParamModel> params) {
    return CheckReader.nearest(type, Server.class)
        .flatMap(declaring -> declaration(declaring, find(declaring, Server.class).orElseThrow(), params));
  }

  private Optional<ServerDeclaration> declaration(Element element, AnnotationMirror mirror, List<ParamModel> params) {
    int errorsBefore = reporter.errorCount();
    AnnotationValue commandValue = annotations.value(mirror, "command");
    String command = Annotations.asString(commandValue).orElse("").strip();
    List<String> names = params.stream().map(ParamModel::field).toList();
    if (!command.contains("{port}")) {
      reporter.error(element, mirror, commandValue, "@Server(command) must take {port}, the free port LLMH picks for each start,"
          + " e.g. \"llama-server -m model.gguf --port {port}\"");
    }
    Matcher m = PLACEHOLDER.matcher(command);
    while (m.find()) {
      if (!m.group(1).equals("port") && !names.contains(m.group(1))) {
        reporter.error(element, mirror, commandValue, "@Server(command) names {" + m.group(1) + "}, which is neither {port} nor a"
            + " @Param of the scenario " + (names.isEmpty() ? "(it has none)" : names.toString())
            + "; declare @Param String " + m.group(1) + " with its values, or remove the placeholder");
      }
    }
    AnnotationValue readyValue = annotations.value(mirror, "ready");
    String ready = Annotations.asString(readyValue).orElse("").strip();
    if (!ready.startsWith("/")) {
      reporter.error(element, mirror, readyValue, "@Server(ready = \"" + ready + "\") must be a path on the server's root that"
          + " answers 2xx once it is ready, e.g. \"/health\"");
    }
    AnnotationValue urlValue = annotations.value(mirror, "url");
    String url = Annotations.asString(urlValue).orElse("").strip();
    if (!(url.startsWith("http://") || url.startsWith("https://")) || !url.contains("{port}")) {
      reporter.error(element, mirror, urlValue, "@Server(url = \"" + url + "\") must be an http(s) URL with {port}, e.g. \""
          + dev.llmh.config.Defaults.SERVER_URL + "\"");
    }
    AnnotationValue timeoutValue = annotations.value(mirror, "startTimeout");
    String timeout = Annotations.asString(timeoutValue).orElse("").strip();
    if (!timeout.isEmpty()) {
      try {
        ConstraintParser.duration(timeout, "@Server(startTimeout = \"" + timeout + "\")");
      } catch (ConstraintException e) {
        reporter.error(element, mirror, timeoutValue, e.getMessage());
      }
    }
    return reporter.errorCount() > errorsBefore ? Optional.empty() : Optional.of(new ServerDeclaration(command, ready, url, timeout));
  }
}
