package dev.llmh.resources;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * Which processes hold which GPU over one phase: {@code nvidia-smi --query-compute-apps} asked once
 * per poll on a low-priority daemon thread, each answer kept with the server's pids of that moment.
 * One process per poll rather than one looping process: a looping compute-apps query prints one line
 * per process and nothing for a GPU without any, so its ticks cannot be told apart. Polls are at
 * least {@link #MIN_POLL} apart to keep that cost small. The GPUs' uuids, which the answer names
 * them by, are mapped to their indexes by one {@code --query-gpu=index,uuid} first.
 */
final class ComputeApps {
  static final String QUERY = "gpu_uuid,pid,used_memory";
  static final Duration MIN_POLL = Duration.ofSeconds(1);
  private static final long TIMEOUT_SECONDS = 10;

  /** One process on one GPU: its GPU memory in bytes (null when not reported), and whether it is the server's. */
  record App(int gpu, long pid, Long usedBytes, boolean server) {}

  /** One answer, {@code tMs} from the phase's start. */
  record Poll(long tMs, List<App> apps) {}

  private final Path executable;
  private final Supplier<Set<Long>> serverPids;
  private final long pollNanos;
  private final List<Poll> polls = new ArrayList<>();
  private Map<String, Gpu> gpus = Map.of();
  private String failure;
  private volatile boolean stopping;
  private long startNanos;
  private Thread thread;

  ComputeApps(Path executable, Supplier<Set<Long>> serverPids, Duration interval) {
    this.executable = executable;
    this.serverPids = serverPids;
    this.pollNanos = Math.max(interval.toNanos(), MIN_POLL.toNanos());
  }

  /** Polls from now on, stamped from {@code startNanos}. */
  synchronized ComputeApps start(long startNanos) {
    this.startNanos = startNanos;
    thread = new Thread(this::run, "llmh-gpu-processes");
    thread.setDaemon(true);
    thread.setPriority(Thread.MIN_PRIORITY);
    thread.start();
    return this;
  }

  private void run() {
    try {
      Map<String, Gpu> known = gpus(executable);
      synchronized (this) {
        gpus = known;
      }
      while (!stopping) {
        long next = System.nanoTime() + pollNanos;
        poll();
        LockSupport.parkNanos(next - System.nanoTime());
      }
    } catch (IOException | RuntimeException e) {
      synchronized (this) {
        failure = failure != null ? failure : "nvidia-smi --query-compute-apps: " + e.getMessage();
      }
    }
  }

  /** A GPU as the compute-apps answer names it by uuid. */
  record Gpu(int index, String name) {}

  /** This machine's GPUs by uuid, from one {@code --query-gpu=index,uuid,name}. */
  static Map<String, Gpu> gpus(Path executable) throws IOException {
    Map<String, Gpu> gpus = new HashMap<>();
    for (String line : ask(executable, "--query-gpu=index,uuid,name")) {
      String[] parts = line.split(",", 3); // the name, last, is the one free-text field
      if (parts.length < 3 || !parts[0].strip().matches("\\d+")) {
        throw new IOException("printed \"" + line.strip() + "\" rather than index,uuid,name");
      }
      gpus.put(parts[1].strip(), new Gpu(Integer.parseInt(parts[0].strip()), parts[2].strip()));
    }
    return gpus;
  }

  /** The compute processes now, each marked whether it is one of {@code server}. */
  static List<App> once(Path executable, Map<String, Gpu> gpus, Set<Long> server) throws IOException {
    List<App> apps = new ArrayList<>();
    for (String line : ask(executable, "--query-compute-apps=" + QUERY)) {
      if (line.strip().toLowerCase(java.util.Locale.ROOT).startsWith("no running")) {
        continue; // some drivers say "No running processes found" rather than print nothing
      }
      String[] f = line.split(",");
      Gpu gpu = f.length == 3 ? gpus.get(f[0].strip()) : null;
      if (gpu == null) {
        throw new IOException("printed \"" + line.strip() + "\" rather than " + QUERY + " of a listed GPU");
      }
      long pid = Long.parseLong(f[1].strip());
      apps.add(new App(gpu.index(), pid, NvidiaSmi.bytes(NvidiaSmi.number(f[2].strip())), server.contains(pid)));
    }
    return apps;
  }

  private void poll() throws IOException {
    long t = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
    Map<String, Gpu> known;
    synchronized (this) {
      known = gpus;
    }
    List<App> apps = once(executable, known, serverPids.get());
    synchronized (this) {
      if (!stopping) {
        polls.add(new Poll(t, List.copyOf(apps)));
      }
    }
  }

  /** The non-blank lines of one nvidia-smi call with {@code query}, or why it failed. */
  private static List<String> ask(Path executable, String query) throws IOException {
    Process p = new ProcessBuilder(executable.toString(), query, "--format=csv,noheader,nounits").redirectErrorStream(true).start();
    p.getOutputStream().close();
    String out;
    // Waited for before reading: a wedged driver hangs nvidia-smi, and a few lines fit the pipe.
    try (InputStream in = p.getInputStream()) {
      if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IOException("no answer within " + TIMEOUT_SECONDS + " s");
      }
      out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted");
    }
    if (p.exitValue() != 0) {
      throw new IOException("ended with status " + p.exitValue() + ": " + out.strip());
    }
    return out.lines().filter(l -> !l.isBlank()).toList();
  }

  /** The polls so far, or null with {@link #failure()} set. */
  synchronized List<Poll> polls() {
    return failure != null ? null : List.copyOf(polls);
  }

  synchronized String failure() {
    return failure;
  }

  void stop() {
    stopping = true;
    if (thread != null) {
      LockSupport.unpark(thread);
    }
  }
}
