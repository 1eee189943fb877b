/** The client's hot path under JMH, in the client's package to reach its package-private parts. */
package dev.llmh.client;
