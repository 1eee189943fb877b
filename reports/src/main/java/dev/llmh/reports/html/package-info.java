/** Stage outputs: the HTML report. */
package dev.llmh.reports.html;
