package dev.llmh.verdict;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.config.Defaults;
import dev.llmh.constraint.ConstraintExpression;
import dev.llmh.constraint.ConstraintParser;
import dev.llmh.constraint.SampleSizes;
import dev.llmh.plan.Looks;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The request counts the guide quotes are the ones the judge's messages and the adaptive looks
 * compute: each figure is read from the pages that quote them (docs/guide/reports.md, where the
 * console's INCONCLUSIVE is explained, and docs/guide/writing-scenarios.md, "Verdicts"; they were the
 * README's until it moved to the guide) and recomputed here by the same functions
 * ({@link SampleSizes}, {@link Looks}) the engine uses, so a change of rule that leaves the text
 * behind fails here.
 */
class ReadmeRequestCountsTest {
  private static final double LEVEL = 0.95;
  private static final int N = 10;

  /** The pages quoting the counts, one after the other, every run of whitespace one space. */
  private static String readme() throws Exception {
    Path guide = Path.of("..", "docs", "guide");
    return (Files.readString(guide.resolve("reports.md")) + "\n" + Files.readString(guide.resolve("writing-scenarios.md")))
        .replaceAll("\\s+", " ");
  }

  private static int figure(String text, String regex) {
    Matcher m = Pattern.compile(regex).matcher(text);
    assertThat(m.find()).as("docs/guide/reports.md or writing-scenarios.md says %s", regex).isTrue();
    return Integer.parseInt(m.group(1));
  }

  private static int ceiling(String budget) {
    List<ConstraintExpression> constraints = List.of(ConstraintParser.parse(budget));
    return Looks.ceilingToDecide(constraints, N, LEVEL, Defaults.MAX_REQUESTS);
  }

  @Test
  void oneLookNeedsWhatTheOrderStatisticNeeds() throws Exception {
    String readme = readme();
    int p95 = SampleSizes.forUpper(0.95, 1 - LEVEL);
    assertThat(p95).isEqualTo(59); // 0.95^59 = 0.0485 <= 0.05 < 0.95^58 = 0.0510
    assertThat(figure(readme, "a p95 needs (\\d+) to show a PASS in one look")).isEqualTo(p95);
    assertThat(figure(readme, "a PASS of p95 at 95% needs (\\d+) \\(0\\.95\\^59")).isEqualTo(p95);
    assertThat(figure(readme, "and of p50 needs (\\d+)")).isEqualTo(SampleSizes.forUpper(0.5, 1 - LEVEL));
    assertThat(figure(readme, "INCONCLUSIVE: (\\d+) requests are needed to show p95 below the budget \\(a PASS\\) at 95%;"))
        .isEqualTo(p95);
  }

  @Test
  void anAdaptiveCaseNeedsWhatItsLooksShareOfTheErrorNeedsAndStopsAtTheFirstLookAboveIt() throws Exception {
    String readme = readme();
    Looks looks = Looks.plan(N, ceiling("ttft.p95 < 1s"), LEVEL);
    int needed = SampleSizes.forUpper(0.95, looks.alphaPerLook());
    int passesAt = looks.points().stream().filter(p -> p >= needed).findFirst().orElseThrow();
    assertThat(figure(readme, "so with its (\\d+) looks from 10 requests")).isEqualTo(looks.points().size());
    assertThat(figure(readme, "from 10 requests a p95 needs (\\d+) and passes")).isEqualTo(needed);
    assertThat(figure(readme, "and passes at the (\\d+) look")).isEqualTo(passesAt);
    assertThat(figure(readme, "a p95 budget with N = 10 gives M = (\\d+)")).isEqualTo(ceiling("ttft.p95 < 1s"));
    assertThat(figure(readme, "as a p95 PASS at 99% per look needs (\\d+)")).isEqualTo(needed);
    assertThat(figure(readme, "per look needs \\d+, a p99 (\\d+)")).isEqualTo(ceiling("ttft.p99 < 1s"));
    assertThat(passesAt).isEqualTo(160);
  }
}
