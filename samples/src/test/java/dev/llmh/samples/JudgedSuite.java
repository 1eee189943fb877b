package dev.llmh.samples;

import dev.llmh.annotations.Endpoint;
import dev.llmh.annotations.Judge;
import dev.llmh.annotations.LlmBenchmark;
import dev.llmh.annotations.MaxTokens;
import dev.llmh.annotations.Measurement;
import dev.llmh.annotations.PromptFile;
import dev.llmh.annotations.Sampling;
import dev.llmh.annotations.Warmup;

/**
 * A quality comparison: a categorised prompt suite answered by two models and scored 1–5 by
 * a blinded judge, which sees each answer under a shuffled label ({@code Answer C}), never the
 * model's name. Every answer, its label, score and the judge's rationale are written to
 * {@code target/llmh/answers-<timestamp>.md}.
 *
 * <p>On the embedded server the two generated models answer, and the judge is its default model
 * (the server serves no {@code qwen2.5:14b-instruct}, so the judge's requests name none). Their
 * weights are random: the answers are gibberish, and the judge's replies, held to the response
 * format, start as JSON but their rationale of random words runs to the 48-token limit before it
 * closes; they are judge failures, counted by reason ({@code judge.failure_reasons}), never scores. That is why this sample
 * budgets no {@code judge_score}: no judge here can meet one, and a budget it cannot meet would
 * only show that. Against Ollama, with a real judge: {@code -Dllmh.endpoint=http://localhost:11434/v1
 * -Dllmh.model=qwen3.5:4b,gemma4:e4b -Dllmh.judge.model=qwen2.5:14b-instruct}, and a budget such as
 * {@code @Constraint("judge_score >= 3.5")}.
 */
@LlmBenchmark
@Endpoint(model = {"tiny", "small"})
@PromptFile("judged-suite.jsonl")
@Warmup(requests = 1)
@Measurement(requests = 3, adaptive = false)
@Sampling(temperature = 0.0, seed = 42)
@MaxTokens(24)
@Judge(model = "qwen2.5:14b-instruct", maxTokens = 48,
    rubric = "Correct, complete and concise; an answer that does not address the question scores 1.")
public class JudgedSuite {}
