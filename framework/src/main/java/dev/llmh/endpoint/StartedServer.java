package dev.llmh.endpoint;

import java.nio.file.Path;

/**
 * A server LLMH started for a configuration of a scenario's cases ({@code @Server}).
 *
 * @param command the command line as run, the port in place and the API key, if it held it, hidden
 * @param url the base URL measured
 * @param pid the process LLMH started: its memory and CPU, children included, are the server's
 * @param startupMs from the start to the first 2xx of its ready path
 * @param log the file its standard output and error go to
 * @param firstCase the case that started it, whose first request meets a server that has served nothing yet
 */
public record StartedServer(String command, String url, long pid, double startupMs, Path log, String firstCase) {

  /** Whether it still runs; else how it ended, with its log's last lines. */
  public String exited() {
    return ProcessHandle.of(pid).filter(ProcessHandle::isAlive).isPresent() ? null
        : "the server (pid " + pid + ") exited" + ServerProcesses.tail(log);
  }
}
