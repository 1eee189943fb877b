package dev.llmh.analysis;

import dev.llmh.config.DeploymentFacts;
import dev.llmh.resources.PhysicsInputs;
import dev.llmh.resources.Resources;

/**
 * What the analysis knows of the serving hardware besides the requests.
 *
 * @param resources its process and GPUs sampled over the measured phase, with the phase's energy;
 *     null when nothing was sampled
 * @param deployment what is declared about it: prices, power, bandwidth, model size
 * @param physics the bandwidth check's weight bytes and memory bandwidth, or why unknown; null when not looked up
 */
public record ResourceInputs(Resources resources, DeploymentFacts deployment, PhysicsInputs physics) {

  /** Nothing sampled, declared or looked up. */
  public static final ResourceInputs NONE = new ResourceInputs(null, DeploymentFacts.NONE, null);

  public ResourceInputs {
    deployment = deployment == null ? DeploymentFacts.NONE : deployment;
  }
}
