/**
 * The engine's run: its lifecycle, the loop over cases, the JUnit result of each, and what is done
 * once for the run (its run features' hooks, baselines, the record).
 */
package dev.llmh.engine.run;
