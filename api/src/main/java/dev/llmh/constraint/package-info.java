/** Stage scenario: the constraint language: metrics, units and budgets as written. */
package dev.llmh.constraint;
