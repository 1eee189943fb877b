/** Outside the flow (a server under test): the embedded OpenAI-compatible server over the engine. */
package dev.llmh.embedded.server;
