/**
 * A feature: the server LLMH starts itself for a case ({@code @Server}), as the case's record and
 * outputs show it — the command run, its startup, its first request, and whether it lived.
 */
package dev.llmh.launch;
