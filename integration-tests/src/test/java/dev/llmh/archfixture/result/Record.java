package dev.llmh.archfixture.result;

/** A record stage's class, for ArchitectureTest: nothing earlier in the flow may use it. */
public record Record(double value) {}
