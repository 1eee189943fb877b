/** Stage analysis: a case's samples become its figures (summaries, throughput, fits, safeguards). */
package dev.llmh.analysis;
