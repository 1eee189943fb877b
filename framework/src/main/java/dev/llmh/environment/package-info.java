/**
 * Stage measure: what ran the harness and what served: the client machine, the JVM, the servers'
 * identity.
 */
package dev.llmh.environment;
