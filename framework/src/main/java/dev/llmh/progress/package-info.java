/** Stage outputs: the phase and progress lines while a run runs. */
package dev.llmh.progress;
