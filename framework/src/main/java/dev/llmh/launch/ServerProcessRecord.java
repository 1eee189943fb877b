package dev.llmh.launch;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.llmh.result.Section;

/**
 * A case's {@code server_process}: the server LLMH started for its configuration ({@code @Server}).
 *
 * @param command the command line as run (the API key hidden, were it in it)
 * @param url the base URL measured
 * @param pid the process started, sampled as the server
 * @param startupMs from the start to the first 2xx of its ready path
 * @param startedFor the case that started it; a later case of the same configuration found it running
 * @param firstRequestTtftMs the TTFT of the first request it ever served (this case's first warm-up
 *     request, when this case started it): the cold load, null otherwise
 * @param log the file its output went to
 * @param exited how it ended when it died during the case, with its log's last lines; null while it ran
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ServerProcessRecord(
    String command, String url, long pid, double startupMs, String startedFor, Double firstRequestTtftMs, String log, String exited) {

  public static final Section<ServerProcessRecord> SECTION = Section.optional("server_process", ServerProcessRecord.class);
}
