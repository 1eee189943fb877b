package dev.llmh.sim;

import java.time.Duration;
import java.util.List;

/**
 * Every component of a {@link SimulatorSettings}, its groups' too, open to change: the working copy of
 * its with-methods.
 */
final class SettingsEditor {
  String modelId;
  int slots;
  double prefillTokensPerSecond;
  Duration firstTokenDelay;
  double decodeTokensPerSecond;
  int tokensPerChunk;
  int naturalLength;
  int defaultMaxTokens;
  boolean roleChunkFirst;
  String requiredApiKey;
  SimulatorHook hook;
  int reasoningTokens;
  boolean usagePerChunk;
  boolean sendsUsage;
  Duration firstRequestLoad;
  int chatTemplateTokens;
  int contextTokens;
  Duration decodeSlowdownPerContextToken;
  boolean prefixCache;
  int kvCacheTokens;
  List<SimulatorSettings.Model> otherModels;
  StreamFraming framing;
  boolean llamaTimings;
  boolean cachedTokensInUsage;
  boolean metrics;

  SettingsEditor(SimulatorSettings s) {
    modelId = s.modelId();
    slots = s.capacity().slots();
    contextTokens = s.capacity().contextTokens();
    prefixCache = s.capacity().prefixCache();
    kvCacheTokens = s.capacity().kvCacheTokens();
    prefillTokensPerSecond = s.timing().prefillTokensPerSecond();
    firstTokenDelay = s.timing().firstTokenDelay();
    decodeTokensPerSecond = s.timing().decodeTokensPerSecond();
    decodeSlowdownPerContextToken = s.timing().decodeSlowdownPerContextToken();
    firstRequestLoad = s.timing().firstRequestLoad();
    tokensPerChunk = s.output().tokensPerChunk();
    naturalLength = s.output().naturalLength();
    defaultMaxTokens = s.output().defaultMaxTokens();
    reasoningTokens = s.output().reasoningTokens();
    roleChunkFirst = s.quirks().roleChunkFirst();
    usagePerChunk = s.quirks().usagePerChunk();
    sendsUsage = s.quirks().sendsUsage();
    chatTemplateTokens = s.quirks().chatTemplateTokens();
    framing = s.quirks().framing();
    llamaTimings = s.quirks().llamaTimings();
    cachedTokensInUsage = s.quirks().cachedTokensInUsage();
    metrics = s.quirks().metrics();
    requiredApiKey = s.requiredApiKey();
    hook = s.hook();
    otherModels = s.otherModels();
  }

  SimulatorSettings settings() {
    return new SimulatorSettings(modelId,
        new ServerCapacity(slots, contextTokens, prefixCache, kvCacheTokens),
        new ModelTiming(prefillTokensPerSecond, firstTokenDelay, decodeTokensPerSecond, decodeSlowdownPerContextToken,
            firstRequestLoad),
        new OutputShape(tokensPerChunk, naturalLength, defaultMaxTokens, reasoningTokens),
        new ServerQuirks(roleChunkFirst, usagePerChunk, sendsUsage, chatTemplateTokens, framing, llamaTimings,
            cachedTokensInUsage, metrics),
        requiredApiKey, hook, otherModels);
  }
}
