/** Stage plan: a scenario's cases, each with its settings resolved. */
package dev.llmh.plan;
