package dev.llmh.resources;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A child process with a known appetite, the sampler's ground truth. {@code alloc MIB}: says
 * {@code ready}, waits for a line, then allocates MIB MiB and writes to every page, says
 * {@code allocated}, and holds it until its input ends. {@code worked MS}: spins until it has spent
 * MS ms of CPU time, however long a busy machine makes that take, says {@code ready}, and sleeps
 * until its input ends: a sleeping process with a known past. {@code spin}: keeps one core busy until
 * its input ends.
 */
public final class ResourceHog {
  private static final int CHUNK_MIB = 30;
  private static volatile long sink;

  public static void main(String[] args) throws Exception {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    if (args[0].equals("alloc")) {
      int mib = Integer.parseInt(args[1]);
      System.out.println("ready");
      System.out.flush();
      in.readLine();
      List<byte[]> held = new ArrayList<>();
      for (int left = mib; left > 0; left -= CHUNK_MIB) {
        byte[] chunk = new byte[Math.min(left, CHUNK_MIB) << 20];
        // Written, not just allocated: an untouched page is not resident.
        for (int i = 0; i < chunk.length; i += 4096) {
          chunk[i] = 1;
        }
        held.add(chunk);
      }
      System.out.println("allocated");
      System.out.flush();
      in.readLine();
      sink = held.size();
    } else if (args[0].equals("worked")) {
      long cpuNanos = Long.parseLong(args[1]) * 1_000_000;
      long x = 0;
      while (ProcessHandle.current().info().totalCpuDuration().orElseThrow().toNanos() < cpuNanos) {
        for (int i = 0; i < 1_000_000; i++) {
          x += System.nanoTime() & 1;
        }
      }
      sink = x;
      System.out.println("ready");
      System.out.flush();
      in.readLine();
    } else {
      Thread spinner = new Thread(() -> {
        long x = 0;
        while (!Thread.currentThread().isInterrupted()) {
          x += System.nanoTime() & 1;
        }
        sink = x;
      });
      spinner.setDaemon(true);
      spinner.start();
      System.out.println("spinning");
      System.out.flush();
      in.readLine();
    }
  }

  private ResourceHog() {}
}
