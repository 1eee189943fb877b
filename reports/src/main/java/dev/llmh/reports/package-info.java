/** Stage outputs: the Markdown report, and the llmh-reports command line (merge, compare, report). */
package dev.llmh.reports;
