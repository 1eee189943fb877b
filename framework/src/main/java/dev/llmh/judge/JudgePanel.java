package dev.llmh.judge;

import dev.llmh.client.ChatRequest;
import dev.llmh.measure.Answered;
import dev.llmh.measure.RequestSample;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * Judges a group of answers — every answer of the cases blinded together — one judge request per
 * answer, sent one at a time in the shuffled order of {@link Blinding}, each answer under its label.
 * It runs after the group's cases have measured everything: no judge request shares the server with
 * a measured one. Every request asks for {@link JudgeReply#FORMAT} as its response format (each
 * protocol's own way: OpenAI's {@code response_format}, Ollama's {@code format}).
 */
public final class JudgePanel {
  private JudgePanel() {}

  /**
   * @param answers the group's answers in run order (case by case, request by request)
   * @param send sends one judge request and returns what came back; a failure is in the sample
   * @return what the judge made of each answer, in the order of {@code answers}
   */
  public static List<SampleJudge> judge(List<Answered> answers, JudgeSetup setup, long seed,
      Function<ChatRequest, RequestSample> send) {
    SampleJudge[] judged = new SampleJudge[answers.size()];
    List<Integer> order = Blinding.order(answers.size(), seed);
    String system = JudgePrompt.system(setup.rubric());
    for (int position = 0; position < order.size(); position++) {
      int index = order.get(position);
      String label = Blinding.label(position);
      Answered answered = answers.get(index);
      if (answered.answer() == null) {
        judged[index] = new SampleJudge(label, null, null, "no answer: the request failed");
        continue;
      }
      if (answered.answer().isBlank()) {
        // an empty answer (a budget spent on reasoning) is flagged, not scored as wrong
        judged[index] = new SampleJudge(label, null, null, "no answer: the answer is empty");
        continue;
      }
      judged[index] = ask(send, setup, system, label, answered);
    }
    return Arrays.asList(judged);
  }

  private static SampleJudge ask(
      Function<ChatRequest, RequestSample> send, JudgeSetup setup, String system, String label, Answered answered) {
    ChatRequest request = ChatRequest.builder(setup.model(), JudgePrompt.user(answered.prompt(), label, answered.answer()), setup.maxTokens())
        .system(system).responseFormat(JudgeReply.FORMAT).build();
    RequestSample reply;
    try {
      reply = send.apply(request);
    } catch (RuntimeException e) {
      return new SampleJudge(label, null, null, "judge request failed: " + e);
    }
    if (!reply.succeeded()) {
      return new SampleJudge(label, null, null, "judge request failed: " + reply.error());
    }
    JudgeReply read = JudgeReply.parse(reply.text().answer());
    return new SampleJudge(label, read.score(), read.rationale(), read.failure());
  }

  /** Every answer of the group failed alike (the judge's endpoint could not be opened), labelled all the same. */
  public static List<SampleJudge> allFailed(int answers, long seed, String reason) {
    List<Integer> order = Blinding.order(answers, seed);
    List<SampleJudge> judged = new ArrayList<>(java.util.Collections.nCopies(answers, null));
    for (int position = 0; position < order.size(); position++) {
      judged.set(order.get(position), new SampleJudge(Blinding.label(position), null, null, reason));
    }
    return judged;
  }
}
