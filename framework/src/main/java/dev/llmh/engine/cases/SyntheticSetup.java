package dev.llmh.engine.cases;

import dev.llmh.client.ServerContext;
import dev.llmh.config.ServerOptions;
import dev.llmh.endpoint.Endpoint;
import dev.llmh.measure.RequestSample;
import dev.llmh.plan.CasePlan;
import dev.llmh.synthetic.Calibrator;
import dev.llmh.synthetic.PromptCheck;
import dev.llmh.synthetic.Tolerance;
import dev.llmh.verdict.CaseVerdict;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * Settles a case's prompt before it is warmed up: the server's context (from the options, else from
 * the server), and for a {@code @SyntheticPrompt} case its calibration. Remembers, for the run, how
 * many words came close for each target on each endpoint, so that the next case of the same length
 * (another concurrency) usually needs one calibration request.
 */
final class SyntheticSetup {
  private final Map<String, Integer> hints = new HashMap<>();

  /**
   * @param probe sends a text (the caller applies the unique marker) with one output token, unmeasured
   */
  PromptSetup setUp(CasePlan plan, Endpoint endpoint, Function<String, RequestSample> probe) {
    ServerContext context = context(plan, endpoint);
    Integer target = plan.promptTokens();
    int needed = PromptCheck.roundedUp((long) (target == null ? 0 : target) + plan.sampling().maxTokens());
    if (target == null) {
      return new PromptSetup(null, null, null, context, new PromptCheck(null, 0, context, plan.target().api(), needed), null, null);
    }
    String instruction = plan.prompt().settings().prompting().instruction();
    String key = plan.target().endpoint() + " " + plan.target().api().key() + " " + plan.target().model() + " " + plan.target().options() + " " + target + " "
        + instruction;
    Calibrator.Result result = Calibrator.calibrate(target, instruction, hints.get(key), probe);
    PromptCheck check = new PromptCheck(target, Tolerance.of(target), context, plan.target().api(), needed);
    return switch (result.outcome()) {
      case CALIBRATED -> {
        hints.put(key, result.words());
        yield new PromptSetup(result.text(instruction), instruction, result.record(), context, check, null, null);
      }
      case TRUNCATED -> new PromptSetup(null, instruction, result.record(), context, check,
          "calibration: " + result.record().error() + "; a prompt of " + target + " tokens cannot be sent whole: "
              + PromptCheck.contextAdvice(plan.target().api(), context != null ? context
                  : new ServerContext(result.context(), "the most prompt tokens it counted"), needed),
          CaseVerdict.FAIL);
      case FAILED -> new PromptSetup(null, instruction, result.record(), context, check,
          "calibration: " + result.record().error(), CaseVerdict.NOT_RUN);
    };
  }

  /** The context the options set (num_ctx, n_ctx), else what the server says, else null. */
  private static ServerContext context(CasePlan plan, Endpoint endpoint) {
    Integer option = ServerOptions.context(plan.target().options());
    if (option != null) {
      return new ServerContext(option, "option " + ServerOptions.CONTEXT_KEYS.stream()
          .filter(plan.target().options()::containsKey).findFirst().orElse(ServerOptions.OLLAMA_CONTEXT));
    }
    return endpoint.client().context(plan.target().model());
  }
}
