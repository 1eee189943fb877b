/** Outside the flow (a server under test): the models the project generates, and their GGUF files. */
package dev.llmh.embedded.model;
