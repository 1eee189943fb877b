/** Stage plan: which cases run ({@code -Dllmh.select}). */
package dev.llmh.select;
