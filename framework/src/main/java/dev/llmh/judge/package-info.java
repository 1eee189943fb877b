/** Stage analysis: a judge model's blinded scores of the answers. */
package dev.llmh.judge;
