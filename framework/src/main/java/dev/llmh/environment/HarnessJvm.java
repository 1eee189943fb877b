package dev.llmh.environment;

import dev.llmh.resources.GpuInventory;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/** What ran the harness. The serving machine may differ; the endpoint block says what served. */
public final class HarnessJvm {
  private HarnessJvm() {}

  /** The results file's {@code environment} block: LLMH's version, the JVM, the OS and this machine. */
  public static Map<String, Object> facts(String llmhVersion) {
    Map<String, Object> environment = new LinkedHashMap<>();
    environment.put("llmhVersion", llmhVersion);
    environment.put("javaVersion", System.getProperty("java.version"));
    environment.put("javaVendor", System.getProperty("java.vendor"));
    environment.put("jvm", System.getProperty("java.vm.name"));
    // The collector and heap shape the harness's own pauses: a record says which ran.
    environment.put("garbageCollectors", ManagementFactory.getGarbageCollectorMXBeans().stream()
        .map(GarbageCollectorMXBean::getName).collect(Collectors.joining(", ")));
    environment.put("jvmFlags", ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
        .filter(flag -> flag.startsWith("-X")).collect(Collectors.joining(" "))); // never -D: it may hold a key
    environment.put("osName", System.getProperty("os.name"));
    environment.put("osVersion", System.getProperty("os.version"));
    environment.put("osArch", System.getProperty("os.arch"));
    environment.put("availableProcessors", Runtime.getRuntime().availableProcessors());
    environment.put("maxHeapBytes", Runtime.getRuntime().maxMemory());
    environment.putAll(ClientMachine.facts());
    environment.putAll(GpuInventory.thisMachine());
    return environment;
  }
}
