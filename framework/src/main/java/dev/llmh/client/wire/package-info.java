/** Stage client: HTTP/1.1 on one event loop: connections, the response decoder, each read's timestamp. */
package dev.llmh.client.wire;
