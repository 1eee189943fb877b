/**
 * Stage: features. The judge as a run feature ({@link dev.llmh.feature.RunFeature}): it holds the
 * cases of {@code @Judge} scenarios until their blinding group is complete, has the judge model
 * score their answers ({@code dev.llmh.judge}), rewrites their records and verdicts, writes the
 * answers for a person, and reads its section back for the outputs.
 */
package dev.llmh.judging;
