/** Stage features: a candidate model's token distributions against a reference model's. */
package dev.llmh.compare;
