package dev.llmh.calibration;

import dev.llmh.client.ServerContext;
import dev.llmh.config.Api;
import dev.llmh.config.ServerOptions;
import dev.llmh.synthetic.PromptFlags;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Checks each measured request's prompt as the server counted it: a prompt the server cut to its
 * context ({@link PromptFlags#TRUNCATED}) is not the workload asked for, and fails the case; a synthetic
 * prompt outside its tolerance the other way ({@link PromptFlags#OFF_TARGET}) is a warning.
 *
 * @param target a synthetic prompt's calibrated length, or null for a prompt the scenario wrote
 * @param tolerance tokens either side of {@code target} still on target
 * @param context the server's context when known (an option, or what the server said), or null
 * @param api the protocol spoken, which decides the option that raises the context
 * @param neededContext a context that would hold the prompt and its answer, for the advice
 */
public record PromptCheck(Integer target, int tolerance, ServerContext context, Api api, int neededContext) {

  /** Nothing to check: no target, no known context. */
  public static final PromptCheck NONE = new PromptCheck(null, 0, null, null, 0);

  /**
   * Truncated: below a synthetic target by more than the tolerance, or, for a written prompt,
   * counted at the server's whole context (a prompt that long was cut to it).
   */
  public boolean truncated(Integer count) {
    if (count == null) {
      return false;
    }
    if (target != null) {
      return count < target - tolerance;
    }
    return context != null && count >= context.tokens();
  }

  public boolean offTarget(Integer count) {
    return count != null && target != null && count > target + tolerance;
  }

  /** The flags of one request's server count. */
  public List<String> flags(Integer count) {
    List<String> flags = new ArrayList<>(1);
    if (truncated(count)) {
      flags.add(PromptFlags.TRUNCATED);
    }
    if (offTarget(count)) {
      flags.add(PromptFlags.OFF_TARGET);
    }
    return flags;
  }

  /** Why a case with {@code truncated} of {@code measured} truncated prompts fails. */
  public String truncationReason(int truncated, int measured, int lowestCount) {
    String sent = target != null ? "a prompt of " + target + " tokens" : "the prompt";
    return String.format(Locale.ROOT, "%d of %d measured requests had their prompt truncated by the server (flag %s): it"
        + " counted %d tokens of %s; %s. A measurement on a truncated prompt is not valid", truncated, measured,
        PromptFlags.TRUNCATED, lowestCount, sent, contextAdvice(api, context, neededContext));
  }

  /** Names the context and the option that raises it. */
  public static String contextAdvice(Api api, ServerContext context, int needed) {
    String known = context == null ? "the server's context is smaller than the prompt"
        : "the server's context is " + context.tokens() + " tokens (" + context.source() + ")";
    if (api != null && api.ollama()) {
      String option = ServerOptions.OLLAMA_CONTEXT + "=" + needed;
      return known + "; raise it with @Endpoint(options = \"" + option + "\") or -Dllmh.options=" + option;
    }
    return known + "; raise the server's context (llama.cpp --ctx-size, vLLM --max-model-len; Ollama ignores options"
        + " on its OpenAI-compatible /v1 API: use @Endpoint(api = \"ollama-chat\", options = \""
        + ServerOptions.OLLAMA_CONTEXT + "=" + needed + "\"))";
  }

  /** A context that holds {@code tokens}: the next power of two, at least 2,048. */
  public static int roundedUp(long tokens) {
    long n = 2048;
    while (n < tokens && n < (1 << 30)) {
      n *= 2;
    }
    return (int) n;
  }
}
