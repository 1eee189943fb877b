package dev.llmh.check;

import dev.llmh.measure.CheckOutcome;
import dev.llmh.runner.CheckDeclaration;
import java.util.regex.Pattern;

/** {@code @ExpectRegex}: the pattern is found somewhere in the answer ({@link java.util.regex.Matcher#find()}). */
record RegexCheck(Pattern pattern) {

  RegexCheck(String regex) {
    this(Pattern.compile(regex));
  }

  CheckOutcome check(String answer) {
    return pattern.matcher(answer).find() ? new CheckOutcome(CheckDeclaration.REGEX, true, null)
        : new CheckOutcome(CheckDeclaration.REGEX, false, "/" + pattern.pattern() + "/ not found in the answer");
  }
}
