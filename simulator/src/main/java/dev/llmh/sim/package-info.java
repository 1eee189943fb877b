/** Outside the flow (a server under test): the simulator, a server whose behaviour the tests control. */
package dev.llmh.sim;
