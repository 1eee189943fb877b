/** Outside the flow (a server under test): the embedded server's llama.cpp engine. */
package dev.llmh.embedded.engine;
