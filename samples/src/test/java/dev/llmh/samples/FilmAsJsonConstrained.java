package dev.llmh.samples;

import dev.llmh.annotations.Constraint;
import dev.llmh.annotations.LlmBenchmark;
import dev.llmh.annotations.Measurement;
import dev.llmh.annotations.ResponseFormat;

/**
 * {@link FilmAsJson}'s question and check on the same model, constrained by the JSON Schema in
 * {@code src/test/resources/film.schema.json}: sent as OpenAI's {@code response_format} (Ollama's
 * {@code format}), which the embedded server enforces through llama.cpp's grammar, so even its
 * random-weight model answers a film object. The schema bounds the title (24 characters) and the
 * year (1900–2030), so every answer ends well within the 64 tokens; an answer cut by max tokens would
 * be invalid JSON, and counted so. The floor, {@code success_rate >= 95%}, is judged on a
 * Clopper–Pearson bound: 59 passing answers are the fewest whose one-sided lower bound clears 95%
 * (95.05%); 60 leave a margin (95.1%).
 */
@LlmBenchmark
@Measurement(requests = 60)
@ResponseFormat(schema = "film.schema.json")
@Constraint("success_rate >= 95%")
public class FilmAsJsonConstrained extends FilmAsJson {}
