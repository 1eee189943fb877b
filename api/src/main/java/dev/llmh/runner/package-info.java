/**
 * Stage scenario: what the generated runners implement: a scenario's declared settings, read
 * without reflection.
 */
package dev.llmh.runner;
