package dev.llmh.samples;

import dev.llmh.annotations.Constraint;
import dev.llmh.annotations.LlmBenchmark;
import dev.llmh.annotations.MaxTokens;
import dev.llmh.annotations.Measurement;
import dev.llmh.annotations.Prompt;
import dev.llmh.annotations.Sampling;
import dev.llmh.annotations.Warmup;

/**
 * A conversation slows as its context grows, because every decode step
 * reads the whole KV cache. Each measured request is a conversation of four turns; every turn sends
 * the history so far and a new page of notes, so the context grows by some 330 tokens a turn, to
 * about 1,300. The results show each turn's prompt tokens, TTFT (which grows with the history: each
 * turn prefills it again, since LLMH turns the server's prompt cache off) and TPOT, and a fit of TPOT
 * against the context. Kept small (four turns, 16-token answers, four conversations) so that it runs
 * in seconds on the embedded server's 2 cores; on its 69 MB model the KV cache at these lengths is a
 * few MB, so decode hardly slows, and the fit says so ("no line") rather than report a rate.
 */
@LlmBenchmark
@dev.llmh.annotations.Conversation(turns = 4)
@Warmup(requests = 1)
@Measurement(requests = 4)
@Sampling(temperature = 0.0, seed = 42)
@MaxTokens(16)
@Constraint("tpot.p50 < 150ms") // every turn's request counts: a budget holds for the whole conversation
public class Conversation {

  @Prompt
  String next(int turn) { // turn 1..4: the user message of that turn
    return "Part " + turn + " of my notes: " + "latency ".repeat(300) + "What changed since the last part?";
  }
}
