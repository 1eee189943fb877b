package dev.llmh.judge;

import dev.llmh.config.Api;
import dev.llmh.config.JudgeConfig;
import dev.llmh.endpoint.EmbeddedModels;
import dev.llmh.endpoint.EndpointKind;
import dev.llmh.plan.CasePlan;
import dev.llmh.runner.JudgeDeclaration;

/**
 * Where and how a case's answers are judged, each setting configuration over {@code @Judge} over the
 * default: the endpoint {@code llmh.judge.endpoint} > {@code @Judge(endpoint)} > the endpoint measured;
 * the model {@code llmh.judge.model} > {@code @Judge(model)} > the endpoint's own choice.
 *
 * @param model the model named in judge requests, or null; on the embedded server a name it does not
 *     serve becomes its default model (as a measured case's does), so the judge can be the embedded model
 * @param api the measured endpoint's protocol when the judge shares it, else detected from the URL
 * @param warning what the results must say about the judge, or null: that the embedded server's
 *     default model judges in place of a model it does not serve
 */
public record JudgeSetup(String endpoint, Api api, String model, String rubric, int maxTokens, String warning) {

  public static JudgeSetup of(CasePlan plan, JudgeConfig configured) {
    JudgeDeclaration declared = plan.runner().judge();
    String endpoint = configured.endpoint().orElse(declared.endpoint() != null ? declared.endpoint() : plan.target().endpoint());
    Api api = endpoint.equals(plan.target().endpoint()) ? plan.target().api() : Api.detect(endpoint);
    String model = configured.model().orElse(declared.model());
    String warning = null;
    if (model != null && EndpointKind.of(endpoint) == EndpointKind.EMBEDDED) {
      String asked = model;
      model = EmbeddedModels.servedId(model).orElse(null);
      if (model == null) {
        warning = "the embedded server does not serve '" + asked + "': its default model judged instead";
      }
    }
    return new JudgeSetup(endpoint, api, model, declared.rubric(), declared.maxTokens(), warning);
  }
}
