package dev.llmh.resources;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The GPUs of this machine for a run record's environment, from one {@code nvidia-smi} call: each as
 * {@code {index, name, memory_total_bytes, driver_version}}, or none and why. Maps rather than
 * records, so that a block read back from a baseline file compares equal to this run's.
 */
public final class GpuInventory {
  static final String QUERY = "index,name,memory.total,driver_version";
  private static final int FIELDS = 4;
  private static final long TIMEOUT_SECONDS = 10;
  private static volatile Map<String, Object> thisMachine;

  private GpuInventory() {}

  /** This machine's, by the nvidia-smi on the PATH, asked once per JVM. */
  public static Map<String, Object> thisMachine() {
    Map<String, Object> known = thisMachine;
    if (known == null) {
      known = of(System.getenv("PATH"));
      thisMachine = known;
    }
    return known;
  }

  /**
   * {@code gpus: [...]} and, when the list is empty for want of a figure rather than of a GPU,
   * {@code gpusNotMeasured: reason}; by the nvidia-smi found on {@code path} (a PATH value).
   */
  public static Map<String, Object> of(String path) {
    Optional<Path> smi = NvidiaSmi.find(path);
    if (smi.isEmpty()) {
      return absent("no nvidia-smi on the PATH");
    }
    String out;
    try {
      Process p = new ProcessBuilder(smi.get().toString(), "--query-gpu=" + QUERY, "--format=csv,noheader,nounits")
          .redirectErrorStream(true).start();
      p.getOutputStream().close();
      // Waited for before reading: a wedged driver hangs nvidia-smi, and a few lines fit the pipe.
      if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return absent("nvidia-smi did not answer within " + TIMEOUT_SECONDS + " s");
      }
      try (InputStream in = p.getInputStream()) {
        out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
      if (p.exitValue() != 0) {
        return absent("nvidia-smi ended with status " + p.exitValue() + ": " + firstLine(out));
      }
    } catch (IOException e) {
      return absent("nvidia-smi could not be run: " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return absent("interrupted while asking nvidia-smi");
    }
    List<Map<String, Object>> gpus = new ArrayList<>();
    for (String line : out.split("\\R")) {
      if (line.isBlank()) {
        continue;
      }
      String[] f = NvidiaSmi.fields(line, FIELDS);
      try {
        if (f == null) {
          throw new NumberFormatException();
        }
        Map<String, Object> gpu = new LinkedHashMap<>();
        gpu.put("index", Integer.parseInt(f[0]));
        gpu.put("name", f[1]);
        gpu.put("memory_total_bytes", NvidiaSmi.bytes(NvidiaSmi.number(f[2])));
        gpu.put("driver_version", f[3]);
        gpus.add(gpu);
      } catch (NumberFormatException e) {
        return absent("nvidia-smi printed \"" + line.strip() + "\" rather than " + QUERY);
      }
    }
    Map<String, Object> block = new LinkedHashMap<>();
    block.put("gpus", gpus);
    return block;
  }

  private static Map<String, Object> absent(String reason) {
    Map<String, Object> block = new LinkedHashMap<>();
    block.put("gpus", List.of());
    block.put("gpusNotMeasured", reason);
    return block;
  }

  private static String firstLine(String text) {
    String stripped = text.strip();
    int end = stripped.indexOf('\n');
    return end < 0 ? stripped : stripped.substring(0, end).strip();
  }
}
