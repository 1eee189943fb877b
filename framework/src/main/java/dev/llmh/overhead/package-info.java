/** Stage measure: the harness's own cost while measuring (CPU per chunk, stalls, collector pauses). */
package dev.llmh.overhead;
