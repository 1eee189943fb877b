package dev.llmh.reports.html;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.analysis.Figure;
import dev.llmh.console.ConsoleSummary;
import dev.llmh.feature.CaseView;
import dev.llmh.reports.FixturesAccess;
import dev.llmh.result.CaseResult;
import dev.llmh.result.RunRecord;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;

/**
 * Opens the report in Debian's headless Chromium, driven by its chromedriver (never a downloaded
 * browser): no console error, no network request, and every chart drew a mark for each point it was
 * given, each inside the plot area and visible on the canvas. Leaves screenshots in {@code target/} for a
 * person to look at. Skipped, saying why, where
 * Chromium is not installed.
 */
class HtmlReportBrowserTest {
  static final Path CHROMIUM = Path.of(System.getProperty("llmh.test.chromium", "/usr/bin/chromium"));
  static final Path CHROMEDRIVER = Path.of(System.getProperty("llmh.test.chromedriver", "/usr/bin/chromedriver"));
  static final Path OUT = Path.of("target", "html-report");
  static final Path SCREENSHOT = Path.of("target", "llmh-report-screenshot.png");

  private static ChromeDriver browser;

  /**
   * Checked before each test, not once for the class: Surefire counts a test skipped in its own
   * right, with the reason, where a class-level skip would show as no test at all. The browser
   * still starts once.
   */
  @BeforeEach
  void startOnce() {
    Assumptions.assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
        "real-browser check skipped: Chromium not installed (" + CHROMIUM + ", " + CHROMEDRIVER
            + "); apt-get install chromium chromium-driver to run it");
    if (browser != null) {
      return;
    }
    ChromeOptions options = new ChromeOptions();
    options.setBinary(CHROMIUM.toFile());
    options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
        "--window-size=1400,1000");
    options.setCapability("goog:loggingPrefs", Map.of(LogType.BROWSER, "ALL"));
    ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
        .usingAnyFreePort().build();
    browser = new ChromeDriver(service, options);
  }

  @AfterAll
  static void stop() {
    if (browser != null) {
      browser.quit();
    }
  }

  private static Path page(String name, RunRecord record) throws Exception {
    Files.createDirectories(OUT);
    Path file = OUT.resolve(name).toAbsolutePath();
    Files.writeString(file, HtmlReport.render(record), StandardCharsets.UTF_8);
    return file;
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> open(Path file) throws InterruptedException {
    browser.get(file.toUri().toString()); // returns after the load event: the inline scripts have run
    long deadline = System.nanoTime() + 20_000_000_000L;
    while (!Boolean.TRUE.equals(browser.executeScript("return typeof window.llmhMarks === 'function'"))) {
      assertThat(System.nanoTime()).as("the page's script never finished").isLessThan(deadline);
      Thread.sleep(50);
    }
    // Per-case charts are folded and drawn when unfolded: a person opening each of them.
    browser.executeScript("document.querySelectorAll('details.chart-fold').forEach(d => d.open = true)");
    while (!Boolean.TRUE.equals(browser.executeScript("return window.llmhMarks().length === window.llmhCharts"))) {
      assertThat(System.nanoTime()).as("an unfolded chart was never drawn").isLessThan(deadline);
      Thread.sleep(50);
    }
    return (List<Map<String, Object>>) browser.executeScript("return window.llmhMarks()");
  }

  private static List<String> severe() {
    return browser.manage().logs().get(LogType.BROWSER).getAll().stream()
        .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue()).map(LogEntry::toString).toList();
  }

  @Test
  @SuppressWarnings("unchecked")
  void everyChartDrawsItsDataWithoutErrorsOrNetworkAndLeavesAScreenshot() throws Exception {
    RunRecord run = RichRun.record();
    List<ChartSpec> specs = HtmlReport.sections(run).stream().flatMap(s -> s.charts().stream()).toList();
    List<Map<String, Object>> charts = open(page("rich.html", run));

    assertThat(severe()).as("browser console errors").isEmpty();
    assertThat((List<Object>) browser.executeScript("return performance.getEntriesByType('resource').map(e => e.name)"))
        .as("network requests").isEmpty();
    assertThat(browser.executeScript("return window.injected === undefined")).as("data ran as script").isEqualTo(true);
    assertThat(browser.findElements(By.cssSelector("div.chart"))).hasSize(specs.size());
    assertThat(charts).hasSize(specs.size());
    for (int c = 0; c < charts.size(); c++) {
      Map<String, Object> chart = charts.get(c);
      ChartSpec spec = specs.get(c);
      assertThat(chart.get("id")).isEqualTo(spec.id());
      List<Map<String, Object>> series = (List<Map<String, Object>>) chart.get("series");
      assertThat(series).as(spec.id()).hasSize(spec.series().size());
      for (int s = 0; s < series.size(); s++) {
        long given = spec.series().get(s).data().size();
        assertThat(given).as(spec.id() + " given").isPositive();
        assertThat(((Number) series.get(s).get("held")).longValue()).as(spec.id() + " " + series.get(s).get("name"))
            .isEqualTo(given);
        assertThat(((Number) series.get(s).get("drawn")).longValue()).as(spec.id() + " " + series.get(s).get("name")
            + " marks drawn").isEqualTo(given);
      }
      if (spec.markX() != null) {
        assertThat(((Number) chart.get("markLines")).intValue()).as(spec.id() + " knee").isEqualTo(1);
      }
    }
    // Every canvas holds pixels: a chart library that drew nothing would leave them blank.
    // (ECharts keeps an empty hover layer beside the drawn one: a chart is blank when all its canvases are.)
    Object blank = browser.executeScript("return Array.from(document.querySelectorAll('div.chart')).filter(div =>"
        + " Array.from(div.querySelectorAll('canvas')).every(c => {"
        + " const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;"
        + " for (let i = 3; i < d.length; i += 4) { if (d[i] !== 0) return false; } return true; })).map(div => div.id)");
    assertThat((List<Object>) blank).as("charts that drew no pixel").isEmpty();

    assertMarksVisibleInsideThePlotArea(specs);

    long height = ((Number) browser.executeScript("return document.documentElement.scrollHeight")).longValue();
    browser.manage().window().setSize(new Dimension(1400, (int) Math.min(height + 40, 16000)));
    Files.write(SCREENSHOT, browser.getScreenshotAs(OutputType.BYTES));
    assertThat(Files.size(SCREENSHOT)).isGreaterThan(10_000);
    System.out.println("LLMH report screenshot: " + SCREENSHOT.toAbsolutePath());
  }

  /**
   * Each mark where ECharts places it, inside the grid, with its colour on the canvas there: a chart
   * whose axes miss its data (a timeline of segments alone was drawn as a line along the top) fails
   * here, though it draws an element for every point.
   */
  @SuppressWarnings("unchecked")
  private static void assertMarksVisibleInsideThePlotArea(List<ChartSpec> specs) throws Exception {
    // The first timeline alone, before any assertion, for a person to look at.
    Files.createDirectories(OUT);
    Files.write(OUT.resolve("timeline-0.png"),
        browser.findElement(By.cssSelector("div.chart[id^=timeline]")).getScreenshotAs(OutputType.BYTES));
    String script;
    try (var in = HtmlReportBrowserTest.class.getResourceAsStream("placement.js")) {
      script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    List<Map<String, Object>> placed = (List<Map<String, Object>>) browser.executeScript(script);
    assertThat(placed).hasSize(specs.size());
    int timelines = 0;
    for (int c = 0; c < placed.size(); c++) {
      ChartSpec spec = specs.get(c);
      timelines += "timeline".equals(spec.kind()) ? 1 : 0;
      for (Map<String, Object> s : (List<Map<String, Object>>) placed.get(c).get("series")) {
        String what = spec.id() + " " + s + " (grid " + placed.get(c).get("grid") + ")";
        long marks = ((Number) s.get("marks")).longValue();
        assertThat(marks).as(what + " marks").isPositive();
        assertThat(((Number) s.get("outside")).longValue()).as(what + " marks outside the plot area").isZero();
        assertThat(((Number) s.get("invisible")).longValue()).as(what + " marks not visible on the canvas").isZero();
        // A segment shorter than a pixel cannot show; most must be longer, or the axis is squeezed.
        assertThat(((Number) s.get("tooShort")).longValue()).as(what + " segments under a pixel").isLessThan(marks / 2 + 1);
      }
    }
    assertThat(timelines).as("timelines checked").isPositive();
  }

  @Test
  void aRunWithLittleDataShowsNotMeasuredInPlaceOfCharts() throws Exception {
    browser.manage().window().setSize(new Dimension(1400, 1000));
    List<Map<String, Object>> charts = open(page("sparse.html", FixturesAccess.run()));
    assertThat(severe()).as("browser console errors").isEmpty();
    long expected = HtmlReport.sections(FixturesAccess.run()).stream().mapToLong(s -> s.charts().size()).sum();
    assertThat(charts).hasSize((int) expected);
    assertThat(browser.findElements(By.cssSelector("p.not-measured"))).extracting(e -> e.getText())
        .anySatisfy(t -> assertThat(t).startsWith("Not measured: no scenario ran three or more"))
        .anySatisfy(t -> assertThat(t).startsWith("Not measured: no case ran on two or more models"));
  }

  /**
   * Every line of figures the console prints for a case (the requests, SLO, process, energy, cost,
   * checks, comparison, judge) and its table of distributions are in the report, with their values
   * and the budgets' verdicts the rows carry, where a person unfolds the case.
   */
  @Test
  void everyFigureTheConsolePrintsIsShownWhenTheCaseIsUnfolded() throws Exception {
    RunRecord run = FigureRun.record();
    CaseResult figured = run.results().get(0);
    List<String> lines = ConsoleSummary.figureLines(figured).lines().map(String::strip).toList();
    assertThat(lines).as("console lines").hasSize(7);
    open(page("figures.html", run));
    WebElement details = browser.findElement(By.cssSelector("details.figures"));
    assertThat(details.findElement(By.cssSelector("table")).isDisplayed()).as("folded at first").isFalse();
    details.findElement(By.tagName("summary")).click();
    String shown = details.findElement(By.cssSelector("table")).getText();
    for (String line : lines) {
      String label = line.substring(0, line.indexOf("  ")).strip();
      assertThat(shown).as(label).contains(label + ": " + line.substring(line.indexOf("  ")).strip());
    }
    assertThat(shown).contains("goodput", "3.2 req/s", "[2.5 req/s, 3.7 req/s]", "231 MiB", "declared",
        "judge score", "kl divergence, mean", "success rate");
    CaseView view = CaseView.of(figured);
    assertThat(shown).contains("requests: " + view.requests().text());
    String latency = details.findElement(By.cssSelector("table.latency")).getText();
    assertThat(view.latency().shown()).as("distributions").hasSize(5);
    for (Figure row : view.latency().shown()) {
      assertThat(latency).as(row.label()).contains(row.label());
    }
    // the budget on ttft's p95 is carried by that row, with its verdict; the folded ttfo is named in the note
    assertThat(latency).contains("812", "ttft.p95 < 2s: PASS");
    assertThat(details.getText()).contains("(ttfo = ttft: no reasoning)");
  }
}
