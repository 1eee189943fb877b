/**
 * Stage features: the prompt as the server counts it — the server's context, a synthetic prompt
 * calibrated to its exact length before the warm-up, and each measured request's prompt checked
 * against both (truncated, off target); the record's {@code calibration} and {@code context}.
 */
package dev.llmh.calibration;
