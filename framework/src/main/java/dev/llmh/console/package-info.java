/** Stage outputs: what the console prints: each case's block, the run table, fits, saturation. */
package dev.llmh.console;
