package dev.llmh.runner;

/**
 * One {@code @Prompt} member as declared.
 *
 * @param name the case name ({@code @Prompt(name)}, else the member name)
 * @param member the field or method name, for navigation from IDEs and reports
 * @param method true when the prompt is a method, false for a field
 * @param settings class-level annotations overridden by the member's own
 * @param promptFile for {@code @PromptFile}, the file's path on the test classpath (then {@code member}
 *     is the case name and the runner has no prompt of that name: the engine reads the file); else null
 */
public record PromptDeclaration(String name, String member, boolean method, DeclaredSettings settings, String promptFile) {

}
