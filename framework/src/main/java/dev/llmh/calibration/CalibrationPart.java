package dev.llmh.calibration;

import dev.llmh.analysis.MeasuredCase;
import dev.llmh.client.ServerContext;
import dev.llmh.config.ServerOptions;
import dev.llmh.feature.CaseFeature;
import dev.llmh.feature.MadePrompt;
import dev.llmh.feature.PromptProbe;
import dev.llmh.measure.RequestSample;
import dev.llmh.plan.CasePlan;
import dev.llmh.result.CaseResult;
import dev.llmh.result.Section;
import dev.llmh.synthetic.CalibrationRecord;
import dev.llmh.synthetic.Calibrator;
import dev.llmh.synthetic.Tolerance;
import java.util.List;
import java.util.Map;

/**
 * One case's prompt as the server counts it. What {@link #prompt} settles — the context, the
 * calibration, the check — is kept for the hooks after it, on the case's thread.
 */
final class CalibrationPart implements CaseFeature.Part<PromptFindings> {
  private final CasePlan plan;
  private final Map<String, Integer> hints;
  private PromptCheck check = PromptCheck.NONE;
  private ServerContext context;
  private CalibrationRecord calibration;

  CalibrationPart(CasePlan plan, Map<String, Integer> hints) {
    this.plan = plan;
    this.hints = hints;
  }

  @Override
  public MadePrompt prompt(PromptProbe probe) throws CaseFeature.Refused {
    context = context(probe);
    Integer target = plan.promptTokens();
    int needed = PromptCheck.roundedUp((long) (target == null ? 0 : target) + plan.sampling().maxTokens());
    if (target == null) {
      check = new PromptCheck(null, 0, context, plan.target().api(), needed);
      return null;
    }
    String instruction = plan.prompt().settings().prompting().instruction();
    String key = plan.target().endpoint() + " " + plan.target().api().key() + " " + plan.target().model() + " "
        + plan.target().options() + " " + target + " " + instruction;
    Calibrator.Result result = Calibrator.calibrate(target, instruction, hints.get(key), probe.send());
    check = new PromptCheck(target, Tolerance.of(target), context, plan.target().api(), needed);
    calibration = result.record();
    return switch (result.outcome()) {
      case CALIBRATED -> {
        hints.put(key, result.words());
        // a synthetic prompt is known by its target, not by the words chosen, which may differ by one between runs
        yield new MadePrompt(result.text(instruction),
            "@SyntheticPrompt(tokens=" + target + (instruction == null ? "" : ", instruction=" + instruction) + ")");
      }
      case TRUNCATED -> throw CaseFeature.Refused.failing("calibration: " + calibration.error() + "; a prompt of " + target
          + " tokens cannot be sent whole: " + PromptCheck.contextAdvice(plan.target().api(), context != null ? context
              : new ServerContext(result.context(), "the most prompt tokens it counted"), needed));
      case FAILED -> throw new CaseFeature.Refused("calibration: " + calibration.error());
    };
  }

  /** The context the options set (num_ctx, n_ctx), else what the server says, else null. */
  private ServerContext context(PromptProbe probe) {
    Integer option = ServerOptions.context(plan.target().options());
    if (option != null) {
      return new ServerContext(option, "option " + ServerOptions.CONTEXT_KEYS.stream()
          .filter(plan.target().options()::containsKey).findFirst().orElse(ServerOptions.OLLAMA_CONTEXT));
    }
    return probe.endpoint().client().context(plan.target().model());
  }

  @Override
  public List<String> flags(RequestSample sample) {
    return check.flags(sample.tokens().promptTokens());
  }

  @Override
  public PromptFindings findings(MeasuredCase measured) {
    return PromptFindings.of(check, measured.measured());
  }

  @Override
  public void record(PromptFindings findings, CaseResult.Builder record) {
    recordUnmeasured(record);
  }

  @Override
  public void recordUnmeasured(CaseResult.Builder record) {
    record.section(Section.CALIBRATION, calibration)
        .section(Section.CONTEXT, context == null ? null : new CaseResult.ContextRecord(context.tokens(), context.source()));
  }
}
