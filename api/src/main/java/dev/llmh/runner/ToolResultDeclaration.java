package dev.llmh.runner;

/**
 * A conversation's {@code @ToolResult}, as the processor read it.
 *
 * @param turn the turn (from 2) whose message is the tool's result
 * @param file the result's file on the test classpath, or null to send the turn's own text
 */
public record ToolResultDeclaration(int turn, String file) {}
