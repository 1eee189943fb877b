package dev.llmh.endpoint;

import dev.llmh.plan.CasePlan;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The models the embedded server serves by name (generated: {@code tiny}, {@code small}; trained by
 * the project: {@code answers-s}), and
 * the ids it answers as ({@code llmh-tiny}, {@code llmh-small}: the embedded module's
 * {@code EmbeddedServerMain.modelId}, which this framework reaches only at run time).
 */
public final class EmbeddedModels {
  /** Every model, as {@code llmh.embedded.model} and requests name it. */
  public static final List<String> NAMES = List.of("tiny", "small", "answers-s");
  private static final String ID_PREFIX = "llmh-";
  /**
   * A variant the server makes when a request names it: another weight type of a model ({@code
   * small-q8_0}, {@code answers-s-q4_0}) or another seed of a generated one ({@code tiny-seed7}), as
   * the embedded module's {@code ModelSpec.VARIANT} reads it.
   */
  private static final java.util.regex.Pattern VARIANT = java.util.regex.Pattern.compile(
      "(tiny|small|answers-s)(?:-(f32|f16|q8_0|q4_0))?(?:-seed(\\d{1,18}))?");

  private EmbeddedModels() {}

  /** The server's id for {@code name} ({@code tiny} or {@code llmh-tiny}), or empty when it has no such model. */
  public static Optional<String> servedId(String name) {
    String key = name.strip().toLowerCase(Locale.ROOT);
    String bare = key.startsWith(ID_PREFIX) ? key.substring(ID_PREFIX.length()) : key;
    boolean trainedSeed = bare.startsWith("answers-") && bare.contains("-seed"); // trained weights have no other seed
    return NAMES.contains(bare) || (VARIANT.matcher(bare).matches() && !trainedSeed) ? Optional.of(ID_PREFIX + bare) : Optional.empty();
  }

  /**
   * The model a case of {@code plan} asks for, as the server will name it in its answer: on the
   * embedded server a generated model's id, so that {@code tiny} answered as {@code llmh-tiny} is no
   * mismatch; elsewhere, and for a name the embedded server does not have, the plan's model.
   */
  public static String asked(CasePlan plan) {
    if (plan.target().model() == null || EndpointKind.of(plan.target().endpoint()) != EndpointKind.EMBEDDED) {
      return plan.target().model();
    }
    return servedId(plan.target().model()).orElse(plan.target().model());
  }
}
