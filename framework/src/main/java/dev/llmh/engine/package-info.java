/**
 * The engine: the JUnit Platform engine, which only loops — discovery ({@code engine.discovery}),
 * then the run ({@code engine.run}), each case through its stages ({@code engine.cases}).
 */
package dev.llmh.engine;
