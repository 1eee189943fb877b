/** Stage measure: one request's timestamps and counts become its metrics. */
package dev.llmh.measure;
