/**
 * The engine's run: its lifecycle, the loop over cases, the JUnit result of each, and what is done
 * once for the run (judging, saturation searches, prefill fits, baselines, the record).
 */
package dev.llmh.engine.run;
