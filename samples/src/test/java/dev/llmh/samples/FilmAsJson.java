package dev.llmh.samples;

import dev.llmh.annotations.ExpectJson;
import dev.llmh.annotations.LlmBenchmark;
import dev.llmh.annotations.MaxTokens;
import dev.llmh.annotations.Measurement;
import dev.llmh.annotations.Prompt;
import dev.llmh.annotations.Sampling;
import dev.llmh.annotations.Warmup;

/**
 * A task check: the whole answer must be a JSON object with the keys its harness needs,
 * counted as {@code success_rate} beside the speed. This is the unconstrained half; {@link
 * FilmAsJsonConstrained} asks the same model the same question under {@code @ResponseFormat}.
 *
 * <p>On the embedded server the model is generated with random weights and writes gibberish, so none
 * of its free answers is JSON (0 of 20, the record and console show the rate and each failure's
 * reason). That is why this half has no {@code success_rate} budget: the samples command must pass,
 * and a budget written to fail would only hide the figure behind a red build. Against a real model,
 * write the usual floor here too: {@code @Constraint("success_rate >= 95%")}.
 */
@LlmBenchmark
@Warmup(requests = 1)
@Measurement(requests = 20)
@Sampling(temperature = 0.0, seed = 42)
@MaxTokens(64)
@ExpectJson(requiredKeys = {"title", "year"})
public class FilmAsJson {

  @Prompt
  String film = "Name a film and the year it came out. Answer with JSON only: {\"title\": \"...\", \"year\": 1999}";
}
