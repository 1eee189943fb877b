package dev.llmh.client;

import java.time.Duration;

/**
 * How long a request may take at each stage.
 *
 * @param connect to open a connection
 * @param read the longest silence on a response (OkHttp's read timeout)
 * @param firstToken from sending to the first text chunk; then the call is cancelled
 * @param request from sending to the response's end; then the call is cancelled
 */
public record Timeouts(Duration connect, Duration read, Duration firstToken, Duration request) {}
