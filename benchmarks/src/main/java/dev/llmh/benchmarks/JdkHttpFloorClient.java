package dev.llmh.benchmarks;

import dev.llmh.benchmarks.accuracy.EventLoopServer;
import dev.llmh.benchmarks.accuracy.ProcessCpu;
import dev.llmh.benchmarks.accuracy.Setting;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@link EventLoopFloorClient} with the JDK's {@link HttpClient} as the event loop: its selector
 * thread reads every connection, and with a direct executor it hands each read's buffers to the
 * body subscriber on that same thread, which stamps them before parsing. The question it answers
 * (issue 10, acceptance 4): does a library event-loop client (HTTP/1.1 and 2, TLS, proxies) keep the
 * event loop's accuracy, so the harness could stream through it instead of a thread per stream?
 *
 * <p>Same closed loop, warm-up, request and output as {@link FloorClient}; same arguments.
 */
public final class JdkHttpFloorClient {
  private JdkHttpFloorClient() {}

  public static void main(String[] args) throws Exception {
    Setting setting = Setting.named(args[0]);
    URI endpoint = URI.create(args[1]);
    HttpClient client = HttpClient.newBuilder().executor(Runnable::run).version(HttpClient.Version.HTTP_1_1).build();
    try (EventLoopServer local = EventLoopServer.start(0, 0, setting.tokens())) {
      run(client, URI.create(local.baseUrl()), setting, 3000, new ArrayList<>());
    }
    long cpuAtStart = ProcessCpu.ownTicks();
    run(client, endpoint, setting, Math.max(2, setting.concurrency()), new ArrayList<>());
    List<FloorClient.Sample> samples = Collections.synchronizedList(new ArrayList<>());
    run(client, endpoint, setting, setting.requests(), samples);
    long cpuTicks = ProcessCpu.ownTicks() - cpuAtStart;
    Path resultsDir = Path.of(args[2]);
    Files.createDirectories(resultsDir);
    new com.fasterxml.jackson.databind.ObjectMapper()
        .writeValue(resultsDir.resolve("latest.json").toFile(), FloorClient.record(samples));
    Files.writeString(Path.of(args[3]), Long.toString(cpuTicks));
  }

  /** A closed loop of {@code count} requests, {@code concurrency} at a time, each started when one ends. */
  private static void run(HttpClient client, URI endpoint, Setting setting, int count, List<FloorClient.Sample> into)
      throws Exception {
    byte[] raw = FloorClient.request(endpoint, setting.tokens());
    String text = new String(raw, StandardCharsets.UTF_8);
    String body = text.substring(text.indexOf("\r\n\r\n") + 4);
    HttpRequest request = HttpRequest.newBuilder(URI.create(endpoint + "/chat/completions"))
        .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build();
    AtomicInteger left = new AtomicInteger(count);
    List<CompletableFuture<Void>> loops = new ArrayList<>();
    for (int i = 0; i < Math.min(count, setting.concurrency()); i++) {
      CompletableFuture<Void> loop = new CompletableFuture<>();
      loops.add(loop);
      next(client, request, left, into, loop);
    }
    for (CompletableFuture<Void> loop : loops) {
      loop.get();
    }
  }

  private static void next(HttpClient client, HttpRequest request, AtomicInteger left, List<FloorClient.Sample> into,
      CompletableFuture<Void> loop) {
    if (left.getAndDecrement() <= 0) {
      loop.complete(null);
      return;
    }
    Stamping stamping = new Stamping(System.nanoTime());
    client.sendAsync(request, info -> stamping).whenComplete((response, failure) -> {
      if (failure != null) {
        loop.completeExceptionally(failure);
        return;
      }
      into.add(new FloorClient.Sample(stamping.chunkMs.get(0), List.copyOf(stamping.chunkMs), stamping.tag));
      next(client, request, left, into, loop);
    });
  }

  /** Stamps each delivery of bytes as it arrives, then finds the SSE events in it. */
  private static final class Stamping implements HttpResponse.BodySubscriber<Void> {
    final long t0;
    final StringBuilder text = new StringBuilder();
    final List<Double> chunkMs = new ArrayList<>();
    final CompletableFuture<Void> done = new CompletableFuture<>();
    long tag = -1;

    Stamping(long t0) {
      this.t0 = t0;
    }

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
      subscription.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(List<ByteBuffer> buffers) {
      long now = System.nanoTime();
      for (ByteBuffer b : buffers) {
        text.append(StandardCharsets.ISO_8859_1.decode(b));
      }
      for (;;) {
        int end = text.indexOf("\n\n");
        if (end < 0) {
          return;
        }
        String event = text.substring(text.indexOf("data: ") + 6, end);
        text.delete(0, end + 2);
        if (FloorClient.hasContent(event)) {
          chunkMs.add((now - t0) / 1e6);
        } else if (event.contains("\"prompt_tokens\":")) {
          tag = FloorClient.promptTokens(event);
        }
      }
    }

    @Override
    public void onError(Throwable throwable) {
      done.completeExceptionally(throwable);
    }

    @Override
    public void onComplete() {
      done.complete(null);
    }

    @Override
    public java.util.concurrent.CompletionStage<Void> getBody() {
      return done;
    }
  }
}
