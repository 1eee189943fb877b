package dev.llmh.feature;

import dev.llmh.endpoint.Endpoint;
import dev.llmh.plan.CasePlan;

/**
 * A case about to warm up: where it sends and what.
 *
 * @param model the model the case asks for
 * @param prompt the prompt's text as written (without the per-request marker), or null when it has several
 * @param deadline when the case must end, in {@link System#nanoTime()}
 */
public record PreparedCase(CasePlan plan, Endpoint endpoint, String model, String prompt, long deadline) {}
