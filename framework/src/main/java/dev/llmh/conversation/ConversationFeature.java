package dev.llmh.conversation;

import dev.llmh.analysis.ConversationAnalysis;
import dev.llmh.analysis.ConversationResult;
import dev.llmh.analysis.MeasuredCase;
import dev.llmh.feature.CaseFeature;
import dev.llmh.plan.CasePlan;
import dev.llmh.result.CaseResult;
import dev.llmh.verdict.Findings;

/**
 * A {@code @Conversation} case's figures by turn — how TTFT grows with the context — and whether
 * the last turn's context fits the model's; the record's {@code conversation}, {@code turns} and
 * {@code context_fit}.
 */
public final class ConversationFeature implements CaseFeature.Stateless {
  @Override
  public Part<Found> part(CasePlan plan) {
    return new ConversationPart(plan.conversationTurns());
  }

  /** @param conversation the figures by turn, or null for a case of single requests */
  public record Found(ConversationResult conversation) implements Findings {}

  private record ConversationPart(int turns) implements Part<Found> {
    @Override
    public Found findings(MeasuredCase measured) {
      return new Found(measured.turns() == null ? null : ConversationAnalysis.of(turns, measured.measured(), measured.turns()));
    }

    @Override
    public void record(Found found, CaseResult.Builder record) {
      if (found.conversation() != null) {
        record.conversation(found.conversation());
      }
    }
  }
}
