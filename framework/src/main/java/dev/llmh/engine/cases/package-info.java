/**
 * The engine's one case: its inputs, warm-up, measurement in one or more looks, its features'
 * hooks, its analysis and its record.
 */
package dev.llmh.engine.cases;
