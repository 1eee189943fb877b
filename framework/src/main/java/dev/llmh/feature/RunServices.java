package dev.llmh.feature;

import dev.llmh.config.Config;
import dev.llmh.endpoint.Endpoints;

/** What a run lends its features: its configuration and its endpoints, open for the run's length. */
public record RunServices(Config config, Endpoints endpoints) {}
