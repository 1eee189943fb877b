/**
 * The generator core: a small model of a scenario class and the writer that turns it into the
 * runner's source text. Nothing here touches javac, so the model's rules (merging, param types,
 * literal escaping) are unit-tested directly, the way JMH keeps its BenchmarkGenerator apart from
 * the annotation-processing glue.
 */
package dev.llmh.processor.generator;
