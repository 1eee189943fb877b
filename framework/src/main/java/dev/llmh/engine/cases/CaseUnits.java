package dev.llmh.engine.cases;

import dev.llmh.annotations.PromptCache;
import dev.llmh.client.ChatRequest;
import dev.llmh.load.Conversations;
import dev.llmh.load.PromptMarker;
import dev.llmh.measure.RequestSample;
import dev.llmh.plan.CasePlan;
import dev.llmh.plan.FilePrompts;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.ObjIntConsumer;

/**
 * What a case sends as one of its requests (the unit that warm-up and measurement counts, and that
 * a worker sends whole): a single request, or, for a {@code @Conversation}, a whole conversation
 * whose turns are each one request. Every request carries a unique marker at the start of its user
 * text; a conversation's only in its first turn, so that the whole conversation is unique to the
 * run while each turn's history is the earlier turns verbatim, as in a real chat.
 *
 * <p>Where the marker goes follows {@link CasePlan#promptCache()} ({@link PromptMarker#apply(PromptCache.Mode,
 * String, String)}): with a system prompt and UNIQUE, it opens the system prompt instead, which every
 * turn of a conversation then repeats; with SHARED it ends the (first) user message.
 *
 * @param model the model every request names: the plan's, or the embedded server's id for it (see
 *     {@code CaseExecutor}), or null for the server's choice
 * @param turnTexts each turn's user message, or empty for single requests
 * @param takesCachePrompt the server takes {@code cache_prompt}: false is sent for UNIQUE, true for SHARED
 * @param system the {@code @SystemPrompt}, or null
 * @param file the {@code @PromptFile}'s prompts, request {@code i} taking line {@code i mod n}; null for a written prompt
 * @param tools the {@code @Tools} every request offers, or null
 * @param toolResultTurn the conversation's turn (from 2) whose text goes back as a tool's result, or 0
 * @param responseFormat the {@code @ResponseFormat} every request asks for, or null
 */
public record CaseUnits(
    CasePlan plan, String model, String prompt, List<String> turnTexts, boolean takesCachePrompt, long deadline, PromptMarker marker,
    String system, FilePrompts file, dev.llmh.client.ToolDefinitions tools, int toolResultTurn,
    dev.llmh.client.JsonOutput responseFormat) {

  public CaseUnits {
    turnTexts = List.copyOf(turnTexts);
  }

  /** The same units, their requests bound by the case deadline {@code caseDeadline} instead. */
  CaseUnits until(long caseDeadline) {
    return new CaseUnits(plan, model, prompt, turnTexts, takesCachePrompt, caseDeadline, marker, system, file, tools,
        toolResultTurn, responseFormat);
  }

  boolean conversation() {
    return !turnTexts.isEmpty();
  }

  /**
   * Sends unit {@code i} on the calling worker through {@code client}, telling {@code ended} of each
   * request as it ends with its number within the case: {@code i} for a single request, {@code i ×
   * turns + turn − 1} for a conversation's turn. Returns the requests sent, in order.
   */
  List<RequestSample> send(int i, Function<ChatRequest, RequestSample> client, ObjIntConsumer<RequestSample> ended) {
    if (!conversation()) {
      PromptMarker.Texts texts = marker.apply(plan.sampling().promptCache(), system, file != null ? file.prompt(i) : prompt);
      RequestSample sample = client.apply(request(texts.prompt(), null, texts.system()));
      ended.accept(sample, i);
      return List.of(sample);
    }
    List<String> messages = new ArrayList<>(turnTexts);
    PromptMarker.Texts first = marker.apply(plan.sampling().promptCache(), system, messages.get(0));
    messages.set(0, first.prompt());
    int[] turn = {0};
    return Conversations.run(messages, toolResultTurn, (history, message) -> {
      RequestSample sample = client.apply(request(message, history, first.system()));
      ended.accept(sample, i * turnTexts.size() + turn[0]++);
      return sample;
    });
  }

  /** Each request's turn index within its conversation (from 1), in the order {@code units} flatten; null for single requests. */
  List<Integer> turns(List<List<RequestSample>> units) {
    if (!conversation()) {
      return null;
    }
    List<Integer> turns = new ArrayList<>();
    units.forEach(unit -> {
      for (int t = 1; t <= unit.size(); t++) {
        turns.add(t);
      }
    });
    return turns;
  }

  /**
   * Each request's user text (without the marker), whole answer and prompt category, in the order
   * {@code units} flatten: what the judge is shown.
   *
   * @param synthetic the harness-made prompt of a {@code @SyntheticPrompt} case, else null
   */
  List<dev.llmh.judge.Answered> answered(List<List<RequestSample>> units, String synthetic) {
    List<dev.llmh.judge.Answered> answered = new ArrayList<>();
    for (int i = 0; i < units.size(); i++) {
      List<RequestSample> unit = units.get(i);
      for (int t = 0; t < unit.size(); t++) {
        String text = conversation() ? turnTexts.get(t) : file != null ? file.prompt(i) : prompt != null ? prompt : synthetic;
        RequestSample sample = unit.get(t);
        answered.add(new dev.llmh.judge.Answered(text, sample.succeeded() ? sample.text().answer() : null,
            file != null && !conversation() ? file.category(i) : null));
      }
    }
    return answered;
  }

  static List<RequestSample> flat(List<List<RequestSample>> units) {
    List<RequestSample> all = new ArrayList<>();
    units.forEach(all::addAll);
    return all;
  }

  private ChatRequest request(String text, List<dev.llmh.client.ChatMessage> history, String systemText) {
    Boolean cachePrompt = takesCachePrompt ? plan.sampling().promptCache() == PromptCache.Mode.SHARED : null;
    return new ChatRequest(
        model, text, plan.sampling().maxTokens(), plan.sampling().temperature(), plan.sampling().seed(), cachePrompt, deadline, plan.target().options(), history, systemText,
        tools, responseFormat);
  }
}
