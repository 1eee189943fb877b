/** Outside the flow: the HTTP front the embedded server and the simulator share. */
package dev.llmh.front;
