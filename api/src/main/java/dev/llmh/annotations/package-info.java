/**
 * The user API: annotations that declare a scenario. A class-level annotation is the default for
 * every {@link dev.llmh.annotations.Prompt}; the same annotation on a prompt member replaces it
 * there. Configuration ({@code -Dllmh.*}, {@code LLMH_*}) overrides both; see docs/guide/configuration.md.
 *
 * <p>This package depends on nothing but {@code junit-platform-commons} (for {@code @Testable}).
 */
package dev.llmh.annotations;
