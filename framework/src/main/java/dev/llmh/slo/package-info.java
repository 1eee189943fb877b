/** Stage features: goodput and SLO attainment under a case's {@code @Slo}. */
package dev.llmh.slo;
