package dev.llmh.reports;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A command's arguments: its files, {@code -o <file>}, {@code --force}, {@code --noise-band <percent>}.
 * Each command says which options it takes, so a stray one is an error, not silently ignored.
 */
record CliArgs(String command, List<String> positional, Path output, boolean force, String noiseBand) {
  public static final String OUTPUT = "-o";
  public static final String FORCE = "--force";
  public static final String NOISE_BAND = "--noise-band";

  public CliArgs {
    positional = List.copyOf(positional);
  }

  /** Parses {@code args} after the command name; {@code allowed} are the options it takes. */
  public static CliArgs parse(String command, List<String> args, Set<String> allowed) throws UsageException {
    List<String> positional = new ArrayList<>();
    Path output = null;
    boolean force = false;
    String noiseBand = null;
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      String name = arg.startsWith("--") && arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
      String inline = name.equals(arg) ? null : arg.substring(arg.indexOf('=') + 1);
      if (name.equals("--output")) {
        name = OUTPUT;
      }
      if (!name.startsWith("-") || name.equals("-")) {
        positional.add(arg);
        continue;
      }
      if (!allowed.contains(name)) {
        throw new UsageException(command + ": unknown option " + name + (allowed.isEmpty() ? "" : " (takes " + String.join(", ", allowed.stream().sorted().toList()) + ")"));
      }
      switch (name) {
        case FORCE -> force = true;
        case OUTPUT, NOISE_BAND -> {
          String value = inline;
          if (value == null) {
            if (i + 1 >= args.size() || args.get(i + 1).startsWith("-")) {
              throw new UsageException(command + ": " + name + " needs a value");
            }
            value = args.get(++i);
          }
          if (name.equals(OUTPUT)) {
            if (output != null) {
              throw new UsageException(command + ": -o given twice");
            }
            output = Path.of(value);
          } else {
            noiseBand = value;
          }
        }
        default -> throw new IllegalStateException("option " + name + " allowed but not parsed");
      }
    }
    return new CliArgs(command, positional, output, force, noiseBand);
  }

  /** Exactly {@code count} files, named {@code what} in the message when not. */
  public void expectFiles(int count, String what) throws UsageException {
    if (positional.size() != count) {
      throw new UsageException(command + ": expects " + what + ", got " + positional.size() + " argument"
          + (positional.size() == 1 ? "" : "s") + (positional.isEmpty() ? "" : " (" + String.join(" ", positional) + ")"));
    }
  }
}
