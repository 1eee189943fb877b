/** The accuracy benchmark: the harness against a ground-truth server in another process. */
package dev.llmh.benchmarks.accuracy;
