/** Stage verdict: each budget against its figure's interval: PASS, FAIL or INCONCLUSIVE, with the reason. */
package dev.llmh.verdict;
