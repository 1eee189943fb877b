package dev.llmh.result;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.type.TypeFactory;
import dev.llmh.analysis.ConversationResult.ContextFit;
import dev.llmh.analysis.ConversationResult.Counts;
import dev.llmh.analysis.ConversationResult.Turn;
import dev.llmh.judge.JudgeRecord;
import dev.llmh.overhead.HarnessCheck;
import dev.llmh.resources.CostRecord;
import dev.llmh.resources.PhysicsRecord;
import dev.llmh.resources.Resources;
import dev.llmh.result.CaseResult.ContextRecord;
import dev.llmh.result.CaseResult.PromptFileRecord;
import dev.llmh.synthetic.CalibrationRecord;
import java.util.List;
import java.util.Map;

/**
 * A named part of a case's record beside its core ({@link CaseResult}): one top-level key of the
 * case in the results file and the type its value reads back as.
 *
 * <p>The constants here are the sections of the core and of the features that wrote theirs before
 * features were plug-ins, in the order the file has always had them. A new feature declares its own
 * section in its own package ({@link #optional}), beside its record type: the record writes it after
 * these, in the order the features record theirs, and a case read back from a file keeps it as read
 * until {@link CaseResult#section} asks for it as its type. A section the file has always carried
 * as {@code null} when there was nothing to say ({@code error}, {@code resources}...) is
 * {@linkplain #writtenWhenAbsent written when absent}, so that readers keep finding the key.
 *
 * @param key the key in the results file
 * @param type the value's type when read back
 * @param writtenWhenAbsent whether an absent value is written as {@code null} rather than left out
 */
public record Section<T>(String key, JavaType type, boolean writtenWhenAbsent) {
  private static final TypeFactory TYPES = TypeFactory.defaultInstance();
  private static final ObjectMapper READER =
      new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

  /** How each request's prompt was made unique: {@code unique-prefix} or {@code shared-prefix}. */
  public static final Section<String> PROMPT_CACHE = always("promptCache", String.class);
  /** What the harness warns of: a model answering under another name, its own stalls... */
  public static final Section<List<String>> WARNINGS = new Section<>("warnings", list(String.class), true);
  /** Why the case could not run at all (endpoint unreachable, prompt threw). */
  public static final Section<String> ERROR = always("error", String.class);
  /** SHA-256 of the prompt text, hex. */
  public static final Section<String> PROMPT_HASH = always("promptHash", String.class);
  public static final Section<BaselineRecord> BASELINE = always("baseline", BaselineRecord.class);
  /** The harness's own overhead while measuring. */
  public static final Section<HarnessCheck> HARNESS = always("harness", HarnessCheck.class);
  /** How a {@code @SyntheticPrompt} case's prompt was brought to its length. */
  public static final Section<CalibrationRecord> CALIBRATION = always("calibration", CalibrationRecord.class);
  /** The server options sent with every request. */
  public static final Section<Map<String, Object>> OPTIONS =
      new Section<>("options", TYPES.constructMapType(Map.class, String.class, Object.class), true);
  public static final Section<ContextRecord> CONTEXT = always("context", ContextRecord.class);
  public static final Section<Counts> CONVERSATION = optional("conversation", Counts.class);
  public static final Section<List<Turn>> TURNS = new Section<>("turns", list(Turn.class), false);
  public static final Section<ContextFit> CONTEXT_FIT = optional("context_fit", ContextFit.class);
  public static final Section<PromptFileRecord> PROMPT_FILE = optional("promptFile", PromptFileRecord.class);
  public static final Section<SloRecord> SLO = optional("slo", SloRecord.class);
  public static final Section<Resources> RESOURCES = always("resources", Resources.class);
  public static final Section<CostRecord> COST = optional("cost", CostRecord.class);
  public static final Section<PhysicsRecord> PHYSICS = optional("physics", PhysicsRecord.class);
  public static final Section<ChecksRecord> CHECKS = optional("checks", ChecksRecord.class);
  public static final Section<JudgeRecord> JUDGE = optional("judge", JudgeRecord.class);
  public static final Section<CompareRecord> COMPARE = optional("compare", CompareRecord.class);

  /** Every section, in the order a case's record writes them. */
  public static final List<Section<?>> ALL = List.of(
      PROMPT_CACHE, WARNINGS, ERROR, PROMPT_HASH, BASELINE, HARNESS, CALIBRATION, OPTIONS, CONTEXT, CONVERSATION, TURNS,
      CONTEXT_FIT, PROMPT_FILE, SLO, RESOURCES, COST, PHYSICS, CHECKS, JUDGE, COMPARE);

  private static <T> Section<T> always(String key, Class<T> type) {
    return new Section<>(key, TYPES.constructType(type), true);
  }

  /** A section written only when the case has a value for it: how a feature declares its own. */
  public static <T> Section<T> optional(String key, Class<T> type) {
    return new Section<>(key, TYPES.constructType(type), false);
  }

  private static JavaType list(Class<?> element) {
    return TYPES.constructCollectionType(List.class, element);
  }

  /** The section of that key, or null for one this version does not know (a newer writer's). */
  static Section<?> named(String key) {
    for (Section<?> section : ALL) {
      if (section.key.equals(key)) {
        return section;
      }
    }
    return null;
  }

  /** A value as read from a file, as this section's type; null for JSON {@code null}. */
  Object read(JsonNode json) {
    return json == null || json.isNull() ? null : READER.convertValue(json, type);
  }

  /** The value held for this section: one put in code is of its type already. */
  @SuppressWarnings("unchecked")
  T cast(Object value) {
    return (T) value;
  }
}
