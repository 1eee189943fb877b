/** Stage measure: the serving process's memory and CPU, the GPUs' memory and power, energy, over a case, and their records. */
package dev.llmh.resources;
