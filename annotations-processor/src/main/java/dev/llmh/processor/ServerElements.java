package dev.llmh.processor;

import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;

/**
 * Elements every declaration of a second server has, {@code @Judge} and {@code @Compare} alike: the
 * text that says what the server is for (a rubric, a reference model), which must not be blank, and
 * the server's endpoint, which must not carry credentials.
 */
record ServerElements(Annotations annotations, Reporter reporter) {

  /** What a second server is for, and where it is. */
  record Server(String purpose, String url) {}

  /**
   * Reads the declaration's purpose and endpoint, each reported when in error.
   *
   * @param annotation the annotation as written in messages, e.g. {@code @Judge}
   * @param purpose the attribute that says what the server is for, e.g. {@code rubric}
   * @param whenBlank the message when that attribute is blank
   * @param whose the server's role in messages, e.g. {@code judge}
   */
  Server read(Element element, AnnotationMirror mirror, String annotation, String purpose, String whenBlank, String whose) {
    return new Server(required(element, mirror, purpose, whenBlank), endpoint(element, mirror, annotation, whose));
  }

  /** The attribute's text, reported with {@code whenBlank} when it is blank. */
  private String required(Element element, AnnotationMirror mirror, String attribute, String whenBlank) {
    AnnotationValue value = annotations.value(mirror, attribute);
    String text = Annotations.asString(value).orElse("");
    if (text.isBlank()) {
      reporter.error(element, mirror, value, whenBlank);
    }
    return text;
  }

  /**
   * The {@code endpoint} element's URL, reported when it carries {@code user:password@}: that would be
   * compiled into the class, and a second server's credentials are not sent anyway.
   */
  private String endpoint(Element element, AnnotationMirror mirror, String annotation, String whose) {
    AnnotationValue endpoint = annotations.value(mirror, "endpoint");
    String url = Annotations.asString(endpoint).orElse("");
    if (!url.isBlank() && dev.llmh.config.EndpointUrl.hasUserInfo(url)) {
      reporter.error(element, mirror, endpoint, annotation + "(endpoint) carries user:password@, which would be compiled"
          + " into the class; give the " + whose + "'s URL without it");
    }
    return url;
  }
}
