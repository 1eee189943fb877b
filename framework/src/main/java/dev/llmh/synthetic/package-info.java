/** Stage load: synthetic prompts brought to an exact token count as the server counts it. */
package dev.llmh.synthetic;
