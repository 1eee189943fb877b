package dev.llmh.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A built-in {@link Check} on every measured answer of a class that offers {@link Tools}: the answer
 * calls the tool {@link #name()}, and that call's arguments (as streamed, pieces joined) parse as one
 * JSON object carrying every key of {@link #requiredArguments()} at its top level: did it
 * follow the required tool-call format? When the answer calls the tool more than once, one
 * well-formed call passes. The reason recorded says what broke: no call of that name (and what came
 * instead), arguments that are not a JSON object, or the keys missing. It counts towards
 * {@code success_rate} under the name {@code ExpectToolCall}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface ExpectToolCall {
  /** The function's name, as the {@link Tools} file declares it, e.g. {@code "get_weather"}. */
  String name();

  /** Top-level argument keys the call must carry, e.g. {@code {"city"}}; none to ask only for an object. */
  String[] requiredArguments() default {};

  /**
   * Top-level arguments whose value must be a string the prompt holds as a whole word, e.g. {@code
   * {"city"}} for "What is the weather in Oslo?": the call acts on what the user named, not on a value
   * the model made up or misspelt. Each is required too.
   */
  String[] argumentsFromPrompt() default {};
}
