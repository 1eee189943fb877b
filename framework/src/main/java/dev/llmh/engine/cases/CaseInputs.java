package dev.llmh.engine.cases;

import dev.llmh.annotations.PromptCache;
import dev.llmh.client.JsonOutput;
import dev.llmh.client.ToolDefinitions;
import dev.llmh.config.Api;
import dev.llmh.config.ConfigKey;
import dev.llmh.endpoint.EmbeddedModels;
import dev.llmh.endpoint.Endpoint;
import dev.llmh.endpoint.EndpointKind;
import dev.llmh.plan.CasePlan;
import dev.llmh.plan.FilePrompts;
import dev.llmh.runner.ResponseFormatDeclaration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a case sends, read from its scenario before anything is sent: the prompt or the prompt file,
 * a conversation's turns, the tools, the response format and the system prompt. A case that cannot
 * be sent as declared is {@link Refused} with the reason, and recorded NOT_RUN with it.
 *
 * @param prompt the prompt's text; null for a prompt file or a synthetic prompt, whose text comes later
 * @param turnTexts a conversation's messages, with a tool result where one is declared; empty otherwise
 * @param tools the tools offered, or null
 * @param responseFormat the {@code @ResponseFormat} schema, or null
 * @param system the system prompt, or null
 */
record CaseInputs(
    String prompt, FilePrompts file, List<String> turnTexts, ToolDefinitions tools, JsonOutput responseFormat, String system) {

  /** A case that cannot run as declared; its message is the reason the record gives. */
  static final class Refused extends Exception {
    Refused(String reason) {
      super(reason, null, false, false);
    }
  }

  /** The same inputs with {@code text} as their prompt. */
  CaseInputs prompting(String text) {
    return new CaseInputs(text, file, turnTexts, tools, responseFormat, system);
  }

  static CaseInputs read(CasePlan plan) throws Refused {
    String prompt = null;
    FilePrompts file = null;
    List<String> turnTexts = List.of();
    if (plan.prompt().promptFile() != null) {
      try {
        file = FilePrompts.load(plan.runner().getClass().getClassLoader(), plan.prompt().promptFile());
      } catch (IllegalArgumentException e) {
        throw new Refused(e.getMessage());
      }
    } else if (plan.promptTokens() == null) {
      try {
        prompt = Objects.requireNonNull(plan.promptText(), "the prompt is null");
        turnTexts = plan.turnTexts();
      } catch (RuntimeException e) {
        throw new Refused("prompt '" + plan.prompt().name() + "' could not be read: " + e);
      }
    }
    boolean onePrompt = plan.target().api() == Api.OPENAI_COMPLETIONS || plan.target().api() == Api.OLLAMA_GENERATE;
    String chatApis = Api.OPENAI_CHAT.key() + " or " + Api.OLLAMA_CHAT.key() + ": @Endpoint(api = \"...\") or -Dllmh.api";
    if (!turnTexts.isEmpty() && onePrompt) {
      throw new Refused("a @Conversation sends its history as chat messages, which " + plan.target().api().key()
          + " cannot carry (it takes one prompt); use " + chatApis);
    }
    ToolDefinitions tools;
    try {
      tools = ToolDefinitions.of(plan.runner());
      turnTexts = ToolDefinitions.withToolResult(plan.runner(), turnTexts);
      if (tools != null && onePrompt) {
        throw new Refused("@Tools(\"" + tools.path() + "\") are offered in chat messages' requests, which "
            + plan.target().api().key() + " does not send; use " + chatApis);
      }
      return new CaseInputs(prompt, file, turnTexts, tools, responseFormat(plan), systemPrompt(plan));
    } catch (IllegalArgumentException e) {
      throw new Refused(e.getMessage());
    }
  }

  /** The scenario's {@code @ResponseFormat}, a schema read from the test classpath; null when it declares none. */
  private static JsonOutput responseFormat(CasePlan plan) {
    ResponseFormatDeclaration declared = plan.runner().responseFormat();
    if (declared == null) {
      return null;
    }
    return declared.schema() == null ? JsonOutput.ANY_OBJECT
        : JsonOutput.load(plan.runner().getClass().getClassLoader(), declared.schema());
  }

  private static String systemPrompt(CasePlan plan) throws Refused {
    try {
      return plan.systemPromptText();
    } catch (RuntimeException e) {
      throw new Refused("the system prompt could not be read: " + e);
    }
  }

  /**
   * The model to ask {@code endpoint} for. The embedded server serves its generated models by name:
   * a scenario comparing models it does not have cannot be measured there; one naming a single other
   * model (written for a real server) gets the server's own model (null), and the record says which served.
   */
  static String model(CasePlan plan, Endpoint endpoint) throws Refused {
    if (plan.target().model() == null && !endpoint.kind().startedByLlmh()) {
      throw new Refused("no model configured for " + endpoint.url() + ": set @Endpoint(model = \"...\") or -Dllmh.model / LLMH_MODEL"
          + (endpoint.info().modelIds().isEmpty() ? "" : " (the endpoint lists: " + String.join(", ", endpoint.info().modelIds()) + ")"));
    }
    String model = plan.target().model();
    if (model == null || endpoint.kind() != EndpointKind.EMBEDDED) {
      return model;
    }
    Optional<String> served = EmbeddedModels.servedId(model);
    if (served.isEmpty() && plan.target().modelParam()) {
      throw new Refused("the embedded server serves the models " + String.join(", ", EmbeddedModels.NAMES)
          + ", not '" + model + "': set -Dllmh.endpoint (LLMH_ENDPOINT) to a server that has it, or compare -D"
          + ConfigKey.MODEL.key() + "=" + String.join(",", EmbeddedModels.NAMES));
    }
    return served.orElse(null);
  }

  /** What the case's settings make of its figures, said before it runs. */
  static List<String> warnings(CasePlan plan) {
    List<String> warnings = new ArrayList<>();
    int measured = plan.requests().measuredRequests();
    int concurrency = plan.requests().concurrency();
    if (measured < concurrency) {
      warnings.add("only " + measured + " measured requests at concurrency " + concurrency + ": "
          + (plan.adaptive() ? "the first look had" : "the case had") + " at most " + measured
          + " in flight at once (effective concurrency " + measured + ", not " + concurrency
          + "); raise @Measurement(requests) to at least " + 2 * concurrency);
    } else if (measured < 2 * concurrency) {
      warnings.add("only " + measured + " measured requests at concurrency " + concurrency
          + ": fewer than 2 × concurrency, so most requests start in the first wave; raise @Measurement(requests)");
    }
    if (plan.sampling().promptCache() == PromptCache.Mode.SHARED) {
      warnings.add("prompt cache shared (@PromptCache(SHARED)): system prompt and prompt are byte-identical on every request,"
          + " so the server may reuse their prefill; TTFT is what a warm prefix cache leaves, and the prefill rate counts"
          + " cached prompt tokens too: it is not the server's prefill rate");
    }
    if (CaseExecutor.warmupRequests(plan) > plan.requests().warmupRequests()) {
      warnings.add("warm-up raised from " + plan.requests().warmupRequests() + " to " + CaseExecutor.warmupRequests(plan) + " requests: one per"
          + " worker, so that every connection of the " + concurrency + " workers is open before measuring");
    }
    return warnings;
  }
}
