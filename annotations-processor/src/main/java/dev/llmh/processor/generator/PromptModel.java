package dev.llmh.processor.generator;

import dev.llmh.runner.DeclaredSettings;

/**
 * One {@code @Prompt} member.
 *
 * @param name the case name
 * @param member the field or method name
 * @param method true for a no-argument method, false for a field
 * @param isStatic read through the type rather than the instance
 * @param throwsChecked the method declares checked exceptions, which the runner must wrap because
 *     {@link dev.llmh.runner.ScenarioRunner#prompt} declares none
 * @param settings class defaults with the member's own annotations merged in
 * @param takesTurn a {@code @Conversation} method taking the turn index, {@code String next(int turn)}
 * @param promptFile for the {@code @PromptFile} case, the file's path (the runner reads no member for it); else null
 */
public record PromptModel(
    String name, String member, boolean method, boolean isStatic, boolean throwsChecked, DeclaredSettings settings,
    boolean takesTurn, String promptFile) {

}
