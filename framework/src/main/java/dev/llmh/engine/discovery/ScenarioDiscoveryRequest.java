package dev.llmh.engine.discovery;

import java.util.List;
import org.junit.platform.engine.ConfigurationParameters;
import org.junit.platform.engine.DiscoveryFilter;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.EngineDiscoveryListener;
import org.junit.platform.engine.EngineDiscoveryRequest;
import org.junit.platform.engine.OutputDirectoryCreator;
import org.junit.platform.engine.discovery.ClassNameFilter;

/**
 * The discovery request as scenarios see it: without the console launcher's default class-name
 * filter ({@value ClassNameFilter#STANDARD_INCLUDE_PATTERN}, which it applies unless given
 * {@code --include-classname}). That convention tells test classes from the rest by name; a scenario
 * is told by its {@code @LlmBenchmark} annotation and named for what it measures
 * ({@code SummariseDocument}), so under it {@code --scan-class-path} and {@code --select-unique-id}
 * would find no scenario. Class-name filters the user writes still apply.
 */
public record ScenarioDiscoveryRequest(EngineDiscoveryRequest request) implements EngineDiscoveryRequest {

  /** The launcher's filter carries the default pattern only when no {@code --include-classname} replaced it. */
  static boolean isDefaultNamingConvention(DiscoveryFilter<?> filter) {
    return filter instanceof ClassNameFilter && filter.toString().contains(ClassNameFilter.STANDARD_INCLUDE_PATTERN);
  }

  @Override
  public <T extends DiscoverySelector> List<T> getSelectorsByType(Class<T> selectorType) {
    return request.getSelectorsByType(selectorType);
  }

  @Override
  public <T extends DiscoveryFilter<?>> List<T> getFiltersByType(Class<T> filterType) {
    return request.getFiltersByType(filterType).stream().filter(f -> !isDefaultNamingConvention(f)).toList();
  }

  @Override
  public ConfigurationParameters getConfigurationParameters() {
    return request.getConfigurationParameters();
  }

  @Override
  public EngineDiscoveryListener getDiscoveryListener() {
    return request.getDiscoveryListener();
  }

  @Override
  public OutputDirectoryCreator getOutputDirectoryCreator() {
    return request.getOutputDirectoryCreator();
  }
}
