/**
 * Stage client: the endpoints a run measures, each opened once: the embedded server, the simulator,
 * a URL.
 */
package dev.llmh.endpoint;
