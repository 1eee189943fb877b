/** Stage record: the results file's records, the run's journal, and their writing. */
package dev.llmh.result;
