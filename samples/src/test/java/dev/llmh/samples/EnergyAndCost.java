package dev.llmh.samples;

import dev.llmh.annotations.Constraint;
import dev.llmh.annotations.Cost;
import dev.llmh.annotations.LlmBenchmark;
import dev.llmh.annotations.MaxTokens;
import dev.llmh.annotations.Measurement;
import dev.llmh.annotations.Power;
import dev.llmh.annotations.Prompt;
import dev.llmh.annotations.Sampling;
import dev.llmh.annotations.Warmup;

/**
 * The other question, beside the latency: does it fit, and what does a million tokens cost
 * here? The embedded server's memory and CPU are sampled by themselves. Its machine has no power
 * meter LLMH can read in most containers (no nvidia-smi; RAPL missing or root-only), so the sample
 * declares the machine's draw — the energy is then recorded as {@code energySource: "declared"}, an
 * estimate — and example prices: a 600-dollar machine over three years, four hours a day, 30 cents
 * a kWh. On a machine whose GPU or RAPL counters LLMH can read, the measured energy replaces the
 * declared one. {@code -Dllmh.power.watts}, {@code -Dllmh.cost.*} override these. The budgets on
 * figures from these declared inputs decide only because {@code trustDeclared} says so: without it
 * they are INCONCLUSIVE, a declared figure showing nothing about the server.
 */
@LlmBenchmark
@Power(watts = 65)
@Cost(currency = "USD", hardware = 600, lifetimeYears = 3, hoursPerDay = 4, powerPrice = 0.30, trustDeclared = true)
@Warmup(requests = 2)
@Measurement(requests = 10)
@Sampling(temperature = 0.0, seed = 42)
@MaxTokens(64)
// the run of this case in docs/guide/resources-and-cost.md: peak RSS 238 MiB, 90.6 tok/s, so 65 W is 0.717 J a token and 0.48 USD
// per million tokens. The budgets leave room for a far slower, busier machine: 5 J a token at 65 W is
// 13 tok/s, where a million tokens cost 2.93 USD of hardware and 0.42 USD of electricity
@Constraint("peak_rss < 2GiB")
@Constraint("energy_per_token < 5J")
@Constraint("cost_per_mtok < 5USD")
public class EnergyAndCost {

  @Prompt
  String explain = "Explain in two sentences what a token is.";
}
