package dev.llmh.engine.cases;

import dev.llmh.feature.CaseFeature;
import dev.llmh.feature.RunServices;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/** A run's per-case features, as registered ({@link CaseFeature.Provider}), in the order their hooks run. */
public final class CaseFeatures {
  private CaseFeatures() {}

  public static List<CaseFeature> open(RunServices run) {
    List<CaseFeature> features = new ArrayList<>();
    ServiceLoader.load(CaseFeature.Provider.class, CaseFeatures.class.getClassLoader())
        .forEach(provider -> features.add(provider.open(run)));
    return List.copyOf(features);
  }
}
