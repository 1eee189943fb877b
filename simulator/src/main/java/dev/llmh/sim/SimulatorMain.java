package dev.llmh.sim;

import java.util.List;

/**
 * The simulator in a process of its own, as a server a scenario's {@code @Server} starts: {@code
 * --port N} (required), {@code --slots N}, {@code --decode tok/s}, {@code --metrics} (vLLM's
 * {@code /metrics}) and {@code --exit-after N}, which ends the process once it has served N requests:
 * a server that dies mid-case. It serves until it is stopped.
 */
public final class SimulatorMain {
  private SimulatorMain() {}

  public static void main(String[] args) throws InterruptedException {
    List<String> list = List.of(args);
    SimulatorSettings settings = SimulatorSettings.defaults().withSlots(Integer.parseInt(option(list, "--slots", "4")))
        .withDecodeTokensPerSecond(Double.parseDouble(option(list, "--decode", "200"))).withMetrics(list.contains("--metrics"));
    int exitAfter = Integer.parseInt(option(list, "--exit-after", "0"));
    SimulatedServer server = SimulatedServer.start(settings, ServerPersona.SIMULATOR, Integer.parseInt(option(list, "--port", null)));
    System.out.println("simulator serving at " + server.baseUrl() + " with " + settings.capacity().slots() + " slots");
    while (exitAfter == 0 || server.servedRequests().size() < exitAfter) {
      Thread.sleep(10);
    }
    System.out.println("served " + exitAfter + " requests: exiting, as --exit-after asked");
    Runtime.getRuntime().halt(3);
  }

  private static String option(List<String> args, String name, String otherwise) {
    int at = args.indexOf(name);
    if (at < 0 || at + 1 >= args.size()) {
      if (otherwise == null) {
        throw new IllegalArgumentException(name + " is required");
      }
      return otherwise;
    }
    return args.get(at + 1);
  }
}
