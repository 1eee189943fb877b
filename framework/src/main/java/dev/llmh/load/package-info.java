/** Stage load: when each request is sent: closed loops, open-loop schedules, warm-up. */
package dev.llmh.load;
