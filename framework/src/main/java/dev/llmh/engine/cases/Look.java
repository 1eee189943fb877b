package dev.llmh.engine.cases;

import dev.llmh.measure.RequestSample;
import dev.llmh.overhead.HarnessCheck;
import java.util.List;

/**
 * One analysis of a case's measured requests: at an adaptive look, or at its end.
 *
 * @param measured every measured request so far, in request order
 * @param turns each request's turn index within its conversation, or null for single requests
 * @param inFlight the effective concurrency of the looks measured so far
 * @param warnings the measurement's own warnings, shown first
 * @param alpha the error allowed to each one-sided bound of a verdict at this look
 * @param timedOut why the case was cut short by its deadline, or null
 * @param harness what the harness cost and suffered while measuring, or null when not watched
 */
record Look(
    List<RequestSample> measured, List<Integer> turns, int inFlight, List<String> warnings, double alpha, String timedOut,
    HarnessCheck harness) {}
