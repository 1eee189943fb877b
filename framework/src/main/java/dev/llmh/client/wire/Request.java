package dev.llmh.client.wire;

/**
 * One request as the client sends it, whatever the HTTP version: HTTP/1.1 writes it as a request
 * line and headers, HTTP/2 as a HEADERS frame.
 *
 * @param method GET or POST
 * @param path the encoded path and query ({@code /v1/chat/completions})
 * @param authority the {@code Host} header's value: the host, and its port when not the scheme's default
 * @param authorization the {@code Authorization} header's value, or null
 * @param body a JSON body, or null for none
 */
public record Request(String method, String path, String authority, String authorization, byte[] body) {}
