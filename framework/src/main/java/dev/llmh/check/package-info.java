/** Stage features: the checks run on every answer, and the case's success rate. */
package dev.llmh.check;
