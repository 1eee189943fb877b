/**
 * Stage features: where each request's time went on the way — connecting, TLS, sending, waiting for
 * the response's head — its metrics {@code connect}, {@code tls} and {@code waiting}, how much of the
 * time to the first token was spent reaching the server, and the network's round trip, which warns
 * when it, not the server, is most of that time; the record's {@code network}.
 */
package dev.llmh.network;
