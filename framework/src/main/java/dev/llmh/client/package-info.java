/** Stage client: the protocol clients, which send a request and time its stream chunk by chunk. */
package dev.llmh.client;
