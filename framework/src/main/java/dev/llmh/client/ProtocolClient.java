package dev.llmh.client;

import dev.llmh.client.wire.RoundTrip;
import dev.llmh.config.Api;
import dev.llmh.measure.RequestSample;

/**
 * One endpoint spoken to in one protocol. {@link #send} blocks its calling worker thread until the
 * response has ended, so concurrency is exactly the number of workers; every chunk is timestamped as
 * its bytes are read off the socket (by one event loop for all streams over plain HTTP).
 */
public interface ProtocolClient extends AutoCloseable {

  Api api();

  String baseUrl();

  /** Asks the endpoint what it serves; throws {@link EndpointException} when it cannot be used at all. */
  EndpointInfo probe();

  /**
   * Makes the per-chunk path hot before measuring: the JIT compiles it on a synthetic stream rather
   * than while timing the first requests. Sends nothing.
   */
  void warmUp();

  /**
   * The context length the server runs {@code model} with, when the server tells (Ollama's {@code
   * /api/show}); null when it does not, or cannot be asked. Never throws.
   */
  default ServerContext context(String model) {
    return null;
  }

  /**
   * The size of {@code model}'s weights as the server reports it (the model it serves by default
   * when {@code model} is null), or why it does not: the bytes a decode step reads, for the physics
   * check. One small request, never during a measurement. Never throws.
   */
  default ModelBytes modelBytes(String model) {
    return ModelBytes.unknown("the server does not report the size of its model");
  }

  /**
   * Asks the server about itself, for the run's environment record: GETs {@code path} (POSTs {@code
   * post} when it is not null) under the base URL, or under the server's root when {@code fromRoot}
   * (Ollama's, llama.cpp's and vLLM's own routes beside an OpenAI-compatible {@code /v1}), giving up
   * after {@code timeout}. The key goes only where every request goes; the answer is redacted. Never
   * during a measurement; never throws.
   */
  default ServerAnswer ask(String path, boolean fromRoot, byte[] post, java.time.Duration timeout) {
    return ServerAnswer.unavailable("this client cannot ask the server");
  }

  /**
   * The network's round trip to the endpoint, measured once, when first asked ({@code Endpoints}
   * asks as it opens the endpoint, before its first case). Never throws: what failed is its reason.
   */
  default RoundTrip roundTrip() {
    return new RoundTrip(null, baseUrl(), "this client opens no connection of its own");
  }

  /**
   * CPU time so far of the thread that reads and timestamps every stream of this client, when one
   * does (the event loop of plain HTTP); 0 when each sending thread reads its own.
   */
  default long readerCpuNanos() {
    return 0;
  }

  /** Sends one streaming request and records what arrived; failures become the sample's error. */
  RequestSample send(ChatRequest chat);

  @Override
  void close();
}
