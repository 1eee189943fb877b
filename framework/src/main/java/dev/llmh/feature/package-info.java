/**
 * Stage: features. How a per-case figure joins the flow — one interface, {@link
 * dev.llmh.feature.CaseFeature}, with a hook per stage — so that the engine loops over features and
 * names none; each feature is a package of its own beside this one.
 */
package dev.llmh.feature;
