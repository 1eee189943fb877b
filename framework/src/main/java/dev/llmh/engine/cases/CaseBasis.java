package dev.llmh.engine.cases;

import dev.llmh.baseline.Baselines;
import dev.llmh.endpoint.Endpoint;
import dev.llmh.plan.CasePlan;

/**
 * What every analysis of a case rests on besides its requests, settled before they are measured.
 *
 * @param endpoint where it was sent, or null for a case the run was stopped in
 * @param warmupFailed how many warm-up requests failed
 * @param promptHash what a baseline compares like with like by, or null when not known
 * @param parts the case's part of every feature
 */
record CaseBasis(
    CasePlan plan, Endpoint endpoint, int warmupFailed, String promptHash, Baselines baselines, CaseParts parts) {}
