/** Stage analysis: the statistics: percentiles and their intervals, fits, tests of a shift. */
package dev.llmh.stats;
