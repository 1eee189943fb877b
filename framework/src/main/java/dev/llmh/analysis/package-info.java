/** Stage analysis: a case's samples become its figures (summaries, throughput, conversations, safeguards). */
package dev.llmh.analysis;
