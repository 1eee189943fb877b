package dev.llmh.resources;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The CPU packages' energy counters under a powercap directory ({@code /sys/class/powercap}): the
 * top-level zones {@code intel-rapl:N} only, since their sub-zones ({@code intel-rapl:N:M}, core and
 * uncore) are parts of the package's figure and would count twice. A package counts everything on
 * it: the harness's own work too, when it runs on the serving machine.
 */
final class Rapl {
  static final Path POWERCAP = Path.of("/sys/class/powercap");
  private static final Pattern PACKAGE = Pattern.compile("intel-rapl:\\d+");

  private final Path root;

  Rapl(Path root) {
    this.root = root;
  }

  /** Each package's counter and the value it wraps at, in µJ. */
  record Counter(Path zone, long energyUj, long maxEnergyRangeUj) {}

  /**
   * Every package's counter now.
   *
   * @throws IOException with the reason when there is no package zone or one cannot be read (since
   *     Linux 5.10 {@code energy_uj} is readable by root only)
   */
  List<Counter> read() throws IOException {
    List<Path> zones;
    if (!Files.isDirectory(root)) {
      throw new IOException(root + " does not exist");
    }
    try (Stream<Path> list = Files.list(root)) {
      zones = list.filter(z -> PACKAGE.matcher(z.getFileName().toString()).matches()).sorted().toList();
    }
    if (zones.isEmpty()) {
      throw new IOException("no intel-rapl:N zone under " + root);
    }
    List<Counter> counters = new ArrayList<>();
    for (Path zone : zones) {
      counters.add(new Counter(zone, value(zone.resolve("energy_uj")), value(zone.resolve("max_energy_range_uj"))));
    }
    return counters;
  }

  private static long value(Path file) throws IOException {
    if (!Files.isReadable(file)) {
      throw new IOException(file + " is not readable" + (Files.exists(file) ? " (root only since Linux 5.10)" : ""));
    }
    try {
      return Long.parseLong(Files.readString(file).strip());
    } catch (NumberFormatException e) {
      throw new IOException(file + " holds no number: " + e.getMessage());
    }
  }

  /**
   * Joules between two reads of the same packages: a counter that reads less at the end wrapped at its
   * {@code max_energy_range_uj} (once: a phase long enough to wrap twice, 44 minutes at 100 W for the
   * common 262 kJ range, is not told apart).
   */
  static double joules(List<Counter> start, List<Counter> end) throws IOException {
    if (start.size() != end.size()) {
      throw new IOException("the RAPL packages changed during the phase");
    }
    double microjoules = 0;
    for (int i = 0; i < start.size(); i++) {
      Counter a = start.get(i);
      Counter b = end.get(i);
      if (!a.zone().equals(b.zone())) {
        throw new IOException("the RAPL packages changed during the phase");
      }
      long delta = b.energyUj() - a.energyUj();
      microjoules += delta >= 0 ? delta : delta + a.maxEnergyRangeUj();
    }
    return microjoules / 1e6;
  }
}
