/** Stage record: a stored baseline, and a case's comparison with it. */
package dev.llmh.baseline;
