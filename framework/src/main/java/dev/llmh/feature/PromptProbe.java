package dev.llmh.feature;

import dev.llmh.endpoint.Endpoint;
import dev.llmh.measure.RequestSample;
import java.util.function.Function;

/**
 * What a feature that makes a case's prompt may use, before the warm-up and outside every measured
 * phase.
 *
 * @param send sends a text, made unique by the engine's per-request marker as a measured prompt
 *     is, asking for one output token, and returns what came back
 */
public record PromptProbe(Endpoint endpoint, Function<String, RequestSample> send) {}
