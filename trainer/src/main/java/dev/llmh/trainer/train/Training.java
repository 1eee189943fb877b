package dev.llmh.trainer.train;

import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.training.GradientCollector;
import ai.djl.training.optimizer.Optimizer;
import ai.djl.training.tracker.CosineTracker;
import ai.djl.training.tracker.WarmUpTracker;
import dev.llmh.trainer.model.Llama;
import java.util.Map;
import java.util.function.Consumer;

/**
 * AdamW over packed batches: a linear warm-up, then a cosine down to a tenth of the peak rate, the
 * gradient clipped to a global norm of {@value #MAX_NORM}. A step whose loss or gradient is not
 * finite is skipped, its gradient cleared, and counted — as mixed-precision training's loss scaler
 * does; libtorch's CPU backward here gives such a gradient now and then after a few hundred steps
 * with a finite loss and finite weights — and a run that skips more than one step in
 * {@value #SKIPS_ALLOWED_PER} fails.
 */
public final class Training {
  /**
   * @param steps optimiser steps: fixed, never a time budget, so that one seed gives one set of weights
   * @param warmupSteps steps of the rate's linear rise
   */
  public record Plan(int steps, float learningRate, int warmupSteps, float weightDecay) {}

  /** After a step: its loss (nats per learnt token), the tokens a second since the start, the steps skipped so far. */
  public record Progress(int step, float loss, double tokensPerSecond, int skipped) {}

  static final float MAX_NORM = 1f;
  static final int SKIPS_ALLOWED_PER = 50;

  private Training() {}

  public static void run(Llama model, Batches batches, Plan plan, NDManager manager, Consumer<Progress> progress) {
    Optimizer optimizer = Optimizer.adamW()
        .optLearningRateTracker(WarmUpTracker.builder()
            .setMainTracker(CosineTracker.builder().setBaseValue(plan.learningRate())
                .optFinalValue(plan.learningRate() / 10).setMaxUpdates(plan.steps() - plan.warmupSteps()).build())
            .optWarmUpSteps(plan.warmupSteps())
            .optWarmUpBeginValue(0f)
            .build())
        .optWeightDecays(plan.weightDecay())
        .build();
    Engine engine = Engine.getEngine("PyTorch");
    long start = System.nanoTime();
    long tokens = 0;
    int skipped = 0;
    for (int step = 0; step < plan.steps(); step++) {
      float loss;
      try (NDManager scope = manager.newSubManager()) {
        NDList batch = batches.get(step, scope);
        try (GradientCollector gradients = engine.newGradientCollector()) {
          NDArray value = model.loss(batch.get(0), batch.get(1), batch.get(2));
          gradients.backward(value);
          loss = value.getFloat();
        }
        double norm = Float.isFinite(loss) ? norm(model) : Double.NaN;
        if (Double.isFinite(norm)) {
          float scale = (float) Math.min(1, MAX_NORM / norm);
          for (Map.Entry<String, NDArray> weight : model.weights().entrySet()) {
            NDArray gradient = weight.getValue().getGradient();
            optimizer.update(weight.getKey(), weight.getValue(), scale < 1 ? gradient.muli(scale) : gradient);
            gradient.subi(gradient);
          }
        } else if (++skipped * SKIPS_ALLOWED_PER > plan.steps()) {
          throw new IllegalStateException("the loss or gradient was not finite at " + skipped + " of " + (step + 1)
              + " steps: training diverged; lower the learning rate");
        } else {
          model.weights().values().forEach(w -> w.getGradient().set(new float[(int) w.size()]));
        }
        tokens += batch.get(0).size();
      }
      progress.accept(new Progress(step, loss, tokens / ((System.nanoTime() - start) / 1e9), skipped));
    }
  }

  /** The gradient's global L2 norm: NaN or infinite when any part of it is. */
  private static double norm(Llama model) {
    double sum = 0;
    for (NDArray weight : model.weights().values()) {
      // Closed at once: arrays computed from a weight's gradient belong to the weights' manager, which lives on.
      try (NDArray squared = weight.getGradient().square(); NDArray total = squared.sum()) {
        sum += total.getFloat();
      }
    }
    return Math.sqrt(sum);
  }
}
