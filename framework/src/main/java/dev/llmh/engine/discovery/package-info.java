/** The engine's discovery: scenarios and their cases as JUnit tests, selected and filtered. */
package dev.llmh.engine.discovery;
