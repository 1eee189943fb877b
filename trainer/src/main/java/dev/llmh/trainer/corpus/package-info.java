/** The task corpus the project's models learn from, generated from templates with a fixed seed. */
package dev.llmh.trainer.corpus;
