package dev.llmh.runner;

/**
 * {@code @Server} as declared, checked by the processor: the command's placeholders are {@code {port}}
 * and the scenario's {@code @Param} names, {@code ready} is a path, {@code startTimeout} a duration.
 */
public record ServerDeclaration(String command, String ready, String url, String startTimeout) {}
