package dev.llmh.resources;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmh.sim.Offsets;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sampler against child processes whose memory and CPU the test controls. */
class ProcessSamplerTest {
  private static final long MIB = 1L << 20;
  private static final Duration INTERVAL = Duration.ofMillis(250);
  /**
   * A sample's time is stamped after it has read the tree: one wake-up and one read (a few ms of
   * CPU), each of which a busy core can stretch by a scheduler slice.
   */
  private static final double LATE_FLOOR_MS = 50;

  private final List<Process> children = new ArrayList<>();

  @AfterEach
  void killChildren() throws InterruptedException {
    for (Process p : children) {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
      p.waitFor(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void peakRssOfAChildThatWrites300MiBIsItsBaselinePlus300MiBWithin10Percent() throws Exception {
    Process child = hog(List.of("alloc", "300"));
    BufferedReader out = reader(child);
    assertThat(out.readLine()).isEqualTo("ready");
    Thread.sleep(300);
    Resources baseline = ProcessSampler.of(child.pid(), INTERVAL).start().stopAfter(Duration.ofMillis(800));

    ProcessSampler sampler = ProcessSampler.of(child.pid(), INTERVAL).start();
    tell(child);
    assertThat(out.readLine()).isEqualTo("allocated");
    Thread.sleep(800);
    Resources loaded = sampler.stop();

    long grown = loaded.peakRssBytes() - baseline.peakRssBytes();
    System.out.printf("RSS: baseline %d MiB, peak %d MiB, grown %d MiB (300 written)%n",
        baseline.peakRssBytes() / MIB, loaded.peakRssBytes() / MIB, grown / MIB);
    assertThat(baseline.peakRssBytes()).isBetween(5 * MIB, 200 * MIB);
    assertThat(grown).isBetween(270 * MIB, 330 * MIB);
    assertThat(loaded.peakRssBytes()).isGreaterThanOrEqualTo(loaded.meanRssBytes());
    assertThat(loaded.series()).hasSize(loaded.samples());
  }

  @Test
  void aChildSpinningOneCoreShowsTheCpuTimeItSpentAndASleepingOneAlmostNone() throws Exception {
    Process spinner = hog(List.of("spin"));
    assertThat(reader(spinner).readLine()).isEqualTo("spinning");
    Thread.sleep(500);
    CpuWitness spinning = CpuWitness.start(spinner.pid());
    Resources busy = ProcessSampler.of(spinner.pid(), INTERVAL).start().stopAfter(Duration.ofSeconds(2));
    CpuWitness.Reading busyTruth = spinning.stop();

    // A past of 300 ms of CPU at least, so that a sampler counting it is caught above any tick rounding.
    Process sleeper = hog(List.of("worked", "300"));
    assertThat(reader(sleeper).readLine()).isEqualTo("ready");
    Thread.sleep(500);
    CpuWitness sleeping = CpuWitness.start(sleeper.pid());
    Resources idle = ProcessSampler.of(sleeper.pid(), INTERVAL).start().stopAfter(Duration.ofSeconds(2));
    CpuWitness.Reading idleTruth = sleeping.stop();

    Offsets late = lateness(busy);
    System.out.printf("CPU: spinning %.1f%% (%s), sleeping %.1f%% (%s); %s%n",
        busy.meanCpuPercent(), busyTruth, idle.meanCpuPercent(), idleTruth, late);
    // However little of a core a busy machine left the spinner, the sampler reports what it got; a
    // figure off by half (a spinner's share of two cores) or by the JVM's start-up CPU is caught.
    assertThat(busyTruth.disagreement(busy, busyTruth.cpuMs() / 2)).isNull();
    assertThat(idleTruth.excess(idle, idleTruth.cpuMsBefore())).isNull();
    assertThat(idle.meanCpuPercent()).isLessThan(busy.meanCpuPercent());
    // Fixed rate: each sample due one interval after the slot of the one before; a slot skipped
    // without cause makes every sample an interval late.
    assertThat(late.lateDisagreement(LATE_FLOOR_MS, INTERVAL.toMillis())).isNull();
  }

  @Test
  void childrenOfTheSampledProcessAreIncluded() throws Exception {
    // A shell that stays the parent (it waits) of a spinning JVM: the tree, not the shell, is busy.
    List<String> command = new ArrayList<>(List.of("sh", "-c"));
    // An asynchronous list reads /dev/null unless told otherwise; the spinner must see this test's pipe.
    command.add("exec 3<&0; " + String.join(" ", hogCommand(List.of("spin"))) + " 0<&3 & wait");
    Process shell = start(command);
    assertThat(reader(shell).readLine()).isEqualTo("spinning");
    Thread.sleep(500);
    CpuWitness witness = CpuWitness.start(shell.pid());
    Resources tree = ProcessSampler.of(shell.pid(), INTERVAL).start().stopAfter(Duration.ofSeconds(2));
    CpuWitness.Reading truth = witness.stop();

    System.out.printf("CPU of a shell and its spinning child: %.1f%% (%s), RSS %d MiB%n",
        tree.meanCpuPercent(), truth, tree.peakRssBytes() / MIB);
    // The shell itself spends nearly nothing: a sampler blind to children falls short by about all.
    assertThat(truth.disagreement(tree, truth.cpuMs() / 2)).isNull();
    // A JVM's resident set, not a bare shell's (a few MiB).
    assertThat(tree.peakRssBytes()).isGreaterThan(20 * MIB);
  }

  @Test
  void everyProcessOfANameIsSampledAndSummed(@TempDir Path dir) throws Exception {
    // A shell under a name no other process has: one copy spins, one waits on its input.
    String name = "llmh-hog-" + ProcessHandle.current().pid();
    Path shell = dir.resolve(name);
    Files.copy(Path.of("/bin/sh"), shell);
    shell.toFile().setExecutable(true);
    Process spinning = start(List.of(shell.toString(), "-c", "while :; do :; done"));
    Process waiting = start(List.of(shell.toString(), "-c", "read x"));
    Thread.sleep(300);
    assertThat(spinning.isAlive() && waiting.isAlive()).isTrue();
    CpuWitness witness = CpuWitness.start(spinning.pid(), waiting.pid());
    Resources both = ProcessSampler.named(name, INTERVAL).start().stopAfter(Duration.ofSeconds(2));
    CpuWitness.Reading truth = witness.stop();
    Resources one = ProcessSampler.of(waiting.pid(), INTERVAL).start().stopAfter(Duration.ofMillis(600));

    System.out.printf("processes named %s: CPU %.1f%% (%s), RSS %d KiB (the waiting one alone %d KiB)%n",
        name, both.meanCpuPercent(), truth, both.peakRssBytes() >> 10, one.peakRssBytes() >> 10);
    assertThat(both.source()).contains(name);
    // Only the waiting one found would read nearly nothing.
    assertThat(truth.disagreement(both, truth.cpuMs() / 2)).isNull();
    // Two shells: more than the one, and the same binary's pages counted in each.
    assertThat(both.peakRssBytes()).isGreaterThan(one.peakRssBytes());
    assertThat(ProcessSampler.named(name + "-none", INTERVAL).start().stopAfter(Duration.ofMillis(300)).notMeasured())
        .isEqualTo("no process named " + name + "-none");
  }

  @Test
  void theSamplerCostsTheTestJvmLittleCpu() throws Exception {
    Process child = hog(List.of("alloc", "1"));
    assertThat(reader(child).readLine()).isEqualTo("ready");
    ProcessSampler sampler = ProcessSampler.of(child.pid(), INTERVAL).start();
    // From the second sample on: the first pays for loading OSHI's classes once per JVM.
    while (sampler.samples() < 2) {
      Thread.sleep(10);
    }
    long ownBefore = sampler.ownCpuNanos();
    int samplesBefore = sampler.samples();
    Thread.sleep(4000);
    long ownAfter = sampler.ownCpuNanos();
    int samplesAfter = sampler.samples();
    sampler.stop();
    assertThat(ownBefore).as("thread CPU time measured").isPositive();
    assertThat(samplesAfter - samplesBefore).isGreaterThanOrEqualTo(10);
    double perSampleMs = (ownAfter - ownBefore) / 1e6 / (samplesAfter - samplesBefore);
    double percentOfOneCore = 100.0 * perSampleMs / INTERVAL.toMillis();
    System.out.printf("sampler: %.2f ms CPU per sample over %d samples = %.2f%% of one core at %d ms%n",
        perSampleMs, samplesAfter - samplesBefore, percentOfOneCore, INTERVAL.toMillis());
    // Loose, for a shared machine whose process count (read at every sample) varies; the issue's 1%
    // goal belongs in docs/benchmarks.md, measured over a long run.
    assertThat(percentOfOneCore).isLessThan(5.0);
  }

  @Test
  void aProcessThatHasEndedIsNotMeasuredRatherThanZero() throws Exception {
    Process child = start(List.of("true"));
    child.waitFor(10, TimeUnit.SECONDS);
    Resources r = ProcessSampler.of(child.pid(), INTERVAL).start().stopAfter(Duration.ofMillis(300));
    assertThat(r.samples()).isZero();
    assertThat(r.peakRssBytes()).isNull();
    assertThat(r.meanCpuPercent()).isNull();
    assertThat(r.notMeasured()).contains("ended before the first sample");
  }

  @Test
  void serialisedWithTheIssuesNames() throws Exception {
    Resources r = new Resources("pid 7 and its children", 250, 1, 10L, 10L, 50.0, List.of(List.of(250L, 10L, 50.0)), null, null, null, null);
    String json = new ObjectMapper().writeValueAsString(r);
    assertThat(json).isEqualTo("{\"source\":\"pid 7 and its children\",\"interval_ms\":250,\"samples\":1,"
        + "\"peak_rss_bytes\":10,\"mean_rss_bytes\":10,\"mean_cpu_percent\":50.0,\"series\":[[250,10,50.0]]}");
    String remote = new ObjectMapper().writeValueAsString(
        Resources.notMeasured("http://example.org", 250, "remote endpoint: no process to sample"));
    assertThat(remote).contains("\"notMeasured\":\"remote endpoint: no process to sample\"").contains("\"peak_rss_bytes\":null");
  }

  /**
   * How late each sample but the last (which {@code stop} may take) was, in ms: the first due one
   * interval after the start, each next one at the first slot after the one before it was taken.
   */
  private static Offsets lateness(Resources r) {
    long interval = r.intervalMs();
    List<Double> taken = new ArrayList<>();
    List<Double> due = new ArrayList<>();
    long next = interval;
    for (List<Number> sample : r.series().subList(0, r.series().size() - 1)) {
      long at = sample.get(0).longValue();
      taken.add((double) at);
      due.add((double) next);
      next = (at / interval + 1) * interval;
    }
    return Offsets.of("sample lateness, ms", taken, due);
  }

  private Process hog(List<String> args) throws Exception {
    return start(hogCommand(args));
  }

  /** The same JVM as this test's, on the test classpath; a fixed old generation that no GC compacts. */
  private static List<String> hogCommand(List<String> args) {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command = new ArrayList<>(List.of(java, "-XX:+UseSerialGC", "-Xms512m", "-Xmx512m", "-Xmn8m",
        "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), ResourceHog.class.getName()));
    command.addAll(args);
    return command;
  }

  private Process start(List<String> command) throws Exception {
    Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    children.add(p);
    return p;
  }

  private static BufferedReader reader(Process p) {
    return new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
  }

  private static void tell(Process p) throws Exception {
    OutputStream in = p.getOutputStream();
    in.write('\n');
    in.flush();
  }
}
