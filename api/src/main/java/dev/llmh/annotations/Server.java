package dev.llmh.annotations;

import dev.llmh.config.Defaults;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A server LLMH starts itself, once for each configuration the scenario's {@link Param} values make:
 * {@code command} runs (through {@code sh -c}) with each {@code {name}} replaced by the case's
 * {@code @Param} value and {@code {port}} by a free port LLMH picks; LLMH waits until {@code ready}
 * answers 2xx, records {@code startup_ms}, measures that configuration's cases at {@code url} with the
 * process sampled as the server's, stops it and goes on to the next. Its output goes to a log file
 * beside the results; a server that does not start, or dies mid-case, fails those cases with its
 * log's last lines, and the run goes on. {@code -Dllmh.server.command} (and {@code .ready}, {@code .url},
 * {@code .startTimeout}) replace what is declared here.
 *
 * <pre>{@code
 * @Server(command = "llama-server -m models/{model}.gguf -c {ctx} -ctk {kv} --port {port} --metrics")
 * @Param({"f16", "q8_0"}) String kv;
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Server {
  /** The command line, with {@code {port}} and any {@code {param}} placeholders. */
  String command();

  /** The path, on the server's root, that answers 2xx once the server is ready to serve. */
  String ready() default Defaults.SERVER_READY;

  /** The base URL measured, with {@code {port}}. */
  String url() default Defaults.SERVER_URL;

  /** How long the server may take to be ready (loading a model included), e.g. {@code "10min"}; empty: 5 minutes. */
  String startTimeout() default "";
}
