package dev.llmh.samples;

import dev.llmh.annotations.Constraint;
import dev.llmh.annotations.Endpoint;
import dev.llmh.annotations.ExpectToolCall;
import dev.llmh.annotations.LlmBenchmark;
import dev.llmh.annotations.MaxTokens;
import dev.llmh.annotations.Measurement;
import dev.llmh.annotations.PromptFile;
import dev.llmh.annotations.Sampling;
import dev.llmh.annotations.Tools;
import dev.llmh.annotations.Warmup;

/**
 * Seed 004's question: which quantisation of a model both answers fast and still calls the tool
 * right? The project's trained {@code answers-s} at F16, Q8_0 and Q4_0, side by side, each asked
 * about the weather in cities it never saw while training, with {@code get_weather} offered; a call
 * passes only when it names the question's city ({@code argumentsFromPrompt}). The run ends with the
 * models' table (speed) beside each case's {@code success_rate}. Against Ollama: {@code
 * -Dllmh.endpoint=http://localhost:11434/v1 -Dllmh.model=qwen2.5:7b-instruct-q4_K_M,qwen2.5:7b-instruct-q8_0}.
 */
@LlmBenchmark
@Endpoint(model = {"answers-s", "answers-s-q8_0", "answers-s-q4_0"})
@PromptFile("weather-questions.jsonl")
@Tools("weather-tools.json")
@ExpectToolCall(name = "get_weather", argumentsFromPrompt = "city")
@Warmup(requests = 2)
@Measurement(requests = 20, adaptive = false)
@Sampling(temperature = 0.0, seed = 42)
@MaxTokens(64)
// 16 to 19 of 20 pass on the shipped model (docs/guide/trained-models.md): decided PASS from 20 requests; a model that lost the task fails
@Constraint("success_rate >= 50%")
public class ToolCallsByQuantisation {}
