package dev.llmh.launch;

import dev.llmh.analysis.Figure;
import dev.llmh.analysis.Figure.Value;
import dev.llmh.constraint.Quantity;
import dev.llmh.constraint.Unit;
import dev.llmh.feature.FigureSource;
import dev.llmh.result.CaseResult;
import java.util.ArrayList;
import java.util.List;

/**
 * A case's {@code server process} line: the server LLMH started for it, e.g. {@code started for
 * Kv › p [kv=q8_0] in 4.1 s, first request TTFT 812 ms (pid 4242, log target/llmh/servers/server-2.log)},
 * or that it died.
 */
public final class ServerProcessFigures extends FigureSource.OfSection<ServerProcessRecord> {
  public ServerProcessFigures() {
    super(ServerProcessRecord.SECTION);
  }

  @Override
  protected List<Figure> figures(ServerProcessRecord server, CaseResult result) {
    List<Value> values = new ArrayList<>();
    values.add(Value.measured("server_process.startup_ms", null, "server startup", server.startupMs(), Unit.MILLISECONDS, null));
    StringBuilder text = new StringBuilder(server.startedFor().equals(result.caseId()) ? "started for this case"
        : "started for " + server.startedFor());
    text.append(" in ").append(Quantity.format(server.startupMs(), Unit.MILLISECONDS));
    if (server.firstRequestTtftMs() != null) {
      values.add(Value.measured("server_process.first_request_ttft_ms", null, "first request's TTFT", server.firstRequestTtftMs(),
          Unit.MILLISECONDS, null));
      text.append(", first request TTFT ").append(Quantity.format(server.firstRequestTtftMs(), Unit.MILLISECONDS));
    }
    text.append(" (pid ").append(server.pid()).append(", log ").append(server.log()).append(')');
    if (server.exited() != null) {
      text.append("; ").append(server.exited().lines().findFirst().orElse("it exited"));
    }
    return List.of(new Figure("server process", text.toString(), values));
  }
}
