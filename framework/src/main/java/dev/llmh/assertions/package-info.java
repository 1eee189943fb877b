/** Stage outputs: assertions on a run's results from a user's own test. */
package dev.llmh.assertions;
