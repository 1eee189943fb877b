/** The benchmarks (module {@code llmh-benchmarks}), which {@code mvn verify} does not run. */
package dev.llmh.benchmarks;
