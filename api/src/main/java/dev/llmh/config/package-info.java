/**
 * Stage scenario: the configuration keys (system property, then environment, annotation, default)
 * and their values.
 */
package dev.llmh.config;
