/**
 * Stage: features. How a figure joins the flow — per case, {@link dev.llmh.feature.CaseFeature},
 * with a hook per stage; across the run, {@link dev.llmh.feature.RunFeature}, which may skip or hold
 * cases and writes its part of the run's record — so that the engine loops over features and names
 * none; each feature is a package of its own beside this one.
 */
package dev.llmh.feature;
