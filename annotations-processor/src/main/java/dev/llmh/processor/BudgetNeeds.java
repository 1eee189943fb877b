package dev.llmh.processor;

import dev.llmh.processor.generator.Declarations;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;

/**
 * Budgets that need what a scenario may not declare (an SLO, checks, a judge, a currency), each
 * reported once, on the element that states it: the class for its own cases, each prompt for its own.
 */
record BudgetNeeds(SettingsReader settings, CheckReader checks, JudgeReader judges) {

  /**
   * @param classCases whether the class has cases of its own (a synthetic prompt or a prompt file),
   *     whose budgets are the class's
   */
  void check(
      TypeElement type, Declarations classDeclarations, List<PromptSource> promptSources, boolean classCases, boolean anyCheck,
      boolean judged) {
    Set<Element> sloReported = new HashSet<>();
    Set<Element> checksReported = new HashSet<>();
    Set<Element> judgeReported = new HashSet<>();
    Set<String> currencyReported = new HashSet<>();
    if (classCases) {
      settings.sloSearch().checkClass(type, classDeclarations, sloReported);
      checks.checksNeeded(type, classDeclarations.budgets().constraints(), anyCheck, checksReported);
      judges.judgeNeeded(type, classDeclarations.budgets().constraints(), judged, judgeReported);
      settings.deployment().checkCurrency(type, type, classDeclarations, classDeclarations, currencyReported);
    }
    for (PromptSource p : promptSources) {
      Declarations merged = classDeclarations.overriddenBy(p.declarations());
      Element budgetsOn = p.declarations().budgets().constraints() != null ? p.element() : type;
      settings.sloSearch().checkMerged(type, p.element(), p.declarations(), merged, sloReported);
      checks.checksNeeded(budgetsOn, merged.budgets().constraints(), anyCheck, checksReported);
      judges.judgeNeeded(budgetsOn, merged.budgets().constraints(), judged, judgeReported);
      settings.deployment().checkCurrency(type, p.element(), p.declarations(), merged, currencyReported);
    }
  }
}
