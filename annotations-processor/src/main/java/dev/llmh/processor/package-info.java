/**
 * Stage scenario, at compile time: the annotation processor that checks a scenario and generates
 * its runner.
 */
package dev.llmh.processor;
