/** Stage client: the servers LLMH starts itself, as a service the simulator module provides. */
package dev.llmh.endpoint.spi;
