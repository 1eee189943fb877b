package dev.llmh.samples;

import dev.llmh.annotations.LlmBenchmark;
import dev.llmh.annotations.MaxTokens;
import dev.llmh.annotations.Measurement;
import dev.llmh.annotations.Prompt;
import dev.llmh.annotations.PromptCache;
import dev.llmh.annotations.Sampling;
import dev.llmh.annotations.SystemPrompt;
import dev.llmh.annotations.Ttft;
import dev.llmh.annotations.Warmup;

/**
 * Often the highest-leverage change: a long system preamble, byte-identical on every call, is
 * prefilled once and then served from the server's prefix cache. The same question after the same
 * 1,800-token preamble (as the embedded model counts it), with the cache defeated ({@code fresh}: a marker unique to each request
 * opens the system prompt, and {@code cache_prompt: false}) and used ({@code cached}: everything but
 * a marker at the end of the question is identical, and {@code cache_prompt: true}). The difference
 * between the two TTFTs is the preamble's prefill, saved on every call.
 */
@LlmBenchmark
@Warmup(requests = 1)
@Measurement(requests = 6)
@Sampling(temperature = 0.0, seed = 42)
@MaxTokens(8)
public class PrefixCache {

  /**
   * About 1,800 tokens. Written once, never with a date or an id in it: the processor warns when a
   * system prompt reads the clock, since that would defeat the cache on every request.
   */
  @SystemPrompt
  String preamble = "You are the support assistant of a latency benchmark. "
      + "Answer in one short sentence, define terms plainly, and never invent figures. ".repeat(100);

  // The whole preamble is read every time: about 3.6 s on this project's 2-core machine (the run in docs/guide/workloads.md).
  @Prompt
  @Ttft(p50 = "20s")
  String fresh = "Define latency.";

  // Only the question's marker and the chat template's last tokens are read (about 45 ms here): a full
  // prefill could not finish in 500 ms on 2 cores, so a PASS here shows the cache at work.
  @Prompt
  @PromptCache(PromptCache.Mode.SHARED)
  @Ttft(p50 = "500ms")
  String cached = "Define latency.";
}
