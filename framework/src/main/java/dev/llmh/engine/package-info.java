/** The engine: the JUnit Platform engine, which only loops, handing each case through the stages. */
package dev.llmh.engine;
