package dev.llmh.environment;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import oshi.SystemInfo;
import oshi.hardware.CentralProcessor;
import oshi.software.os.OperatingSystem;

/**
 * The machine that ran the harness, beyond what the JDK tells: CPU model, physical and logical
 * cores, memory, the operating system's own name and version (OSHI), and the load average, which
 * says whether something else was using the machine while it measured.
 */
public final class ClientMachine {
  private ClientMachine() {}

  /** Looked up once: OSHI's first look takes a moment, and a machine does not change during a run. */
  private static final class Facts {
    static final Map<String, Object> FACTS = lookUp();
  }

  /**
   * {@code cpuModel}, {@code physicalCores}, {@code logicalCores}, {@code memoryTotalBytes}, {@code
   * osDescription} and {@code jvmVersion}; an item that could not be read is left out and named in
   * {@code notMeasured} with the reason.
   */
  public static Map<String, Object> facts() {
    return Facts.FACTS;
  }

  private static Map<String, Object> lookUp() {
    Map<String, Object> facts = new LinkedHashMap<>();
    List<String> notMeasured = new ArrayList<>();
    facts.put("jvmVersion", System.getProperty("java.vm.version"));
    try {
      SystemInfo system = new SystemInfo();
      CentralProcessor cpu = system.getHardware().getProcessor();
      String model = cpu.getProcessorIdentifier().getName();
      if (ServerFacts.known(model)) {
        facts.put("cpuModel", model.strip());
      } else {
        notMeasured.add("cpuModel: the operating system names no CPU model");
      }
      putCount(facts, notMeasured, "physicalCores", cpu.getPhysicalProcessorCount());
      putCount(facts, notMeasured, "logicalCores", cpu.getLogicalProcessorCount());
      putCount(facts, notMeasured, "memoryTotalBytes", system.getHardware().getMemory().getTotal());
      OperatingSystem os = system.getOperatingSystem();
      facts.put("osDescription", (os.getFamily() + " " + os.getVersionInfo()).strip());
    } catch (RuntimeException | LinkageError e) {
      notMeasured.add("cpuModel, cores, memoryTotalBytes, osDescription: OSHI could not read this machine (" + e + ")");
    }
    if (!notMeasured.isEmpty()) {
      facts.put("notMeasured", List.copyOf(notMeasured));
    }
    return java.util.Collections.unmodifiableMap(facts);
  }

  private static void putCount(Map<String, Object> facts, List<String> notMeasured, String key, long value) {
    if (value > 0) {
      facts.put(key, value);
    } else {
      notMeasured.add(key + ": the operating system did not report it");
    }
  }

  /**
   * The 1, 5 and 15 minute load averages now, or null where the operating system keeps none
   * (Windows): OSHI reports those as negative.
   */
  public static List<Double> loadAverage() {
    try {
      double[] load = new SystemInfo().getHardware().getProcessor().getSystemLoadAverage(3);
      if (load.length < 3 || load[0] < 0 || load[1] < 0 || load[2] < 0) {
        return null;
      }
      return List.of(round(load[0]), round(load[1]), round(load[2]));
    } catch (RuntimeException | LinkageError e) {
      return null;
    }
  }

  private static double round(double value) {
    return Math.round(value * 100) / 100.0;
  }
}
