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
 * @param inputs what the case sends, its prompt that of a synthetic prompt where it has none of its own
 * @param takesCachePrompt the server takes {@code cache_prompt}: false is sent for UNIQUE, true for SHARED
 */
record CaseUnits(
    CasePlan plan, String model, CaseInputs inputs, boolean takesCachePrompt, long deadline, PromptMarker marker) {

  /** The same units, their requests bound by the case deadline {@code caseDeadline} instead. */
  CaseUnits until(long caseDeadline) {
    return new CaseUnits(plan, model, inputs, takesCachePrompt, caseDeadline, marker);
  }

  boolean conversation() {
    return !inputs.turnTexts().isEmpty();
  }

  /**
   * Sends unit {@code i} on the calling worker through {@code client}, telling {@code ended} of each
   * request as it ends with its number within the case: {@code i} for a single request, {@code i ×
   * turns + turn − 1} for a conversation's turn. Returns the requests sent, in order.
   */
  List<RequestSample> send(int i, Function<ChatRequest, RequestSample> client, ObjIntConsumer<RequestSample> ended) {
    if (!conversation()) {
      FilePrompts file = inputs.file();
      String prompt = file != null ? file.prompt(i) : inputs.prompt();
      PromptMarker.Texts texts = marker.apply(plan.sampling().promptCache(), inputs.system(), prompt);
      RequestSample sample = client.apply(request(texts.prompt(), null, texts.system()));
      ended.accept(sample, i);
      return List.of(sample);
    }
    List<String> messages = new ArrayList<>(inputs.turnTexts());
    PromptMarker.Texts first = marker.apply(plan.sampling().promptCache(), inputs.system(), messages.get(0));
    messages.set(0, first.prompt());
    int[] turn = {0};
    int toolResultTurn = plan.runner().toolResult() == null ? 0 : plan.runner().toolResult().turn();
    return Conversations.run(messages, toolResultTurn, (history, message) -> {
      RequestSample sample = client.apply(request(message, history, first.system()));
      ended.accept(sample, i * inputs.turnTexts().size() + turn[0]++);
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
   * {@code units} flatten: what a reader of the answers (the judge) is shown.
   */
  List<dev.llmh.measure.Answered> answered(List<List<RequestSample>> units) {
    List<dev.llmh.measure.Answered> answered = new ArrayList<>();
    FilePrompts file = inputs.file();
    for (int i = 0; i < units.size(); i++) {
      List<RequestSample> unit = units.get(i);
      for (int t = 0; t < unit.size(); t++) {
        String text = conversation() ? inputs.turnTexts().get(t) : file != null ? file.prompt(i) : inputs.prompt();
        RequestSample sample = unit.get(t);
        answered.add(new dev.llmh.measure.Answered(text, sample.succeeded() ? sample.text().answer() : null,
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
    return ChatRequest.builder(model, text, plan.sampling().maxTokens()).temperature(plan.sampling().temperature())
        .seed(plan.sampling().seed()).cachePrompt(cachePrompt).caseDeadlineNanos(deadline)
        .options(plan.target().options()).history(history).system(systemText).tools(inputs.tools())
        .responseFormat(inputs.responseFormat()).build();
  }
}
