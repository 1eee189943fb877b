package dev.llmh.client;

import dev.llmh.config.Api;
import dev.llmh.measure.RequestSample;

/**
 * One endpoint spoken to in one protocol. {@link #send} blocks its calling worker thread and
 * timestamps every chunk on arrival on that thread, so concurrency is exactly the number of workers.
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

  /** Sends one streaming request and records what arrived; failures become the sample's error. */
  RequestSample send(ChatRequest chat);

  @Override
  void close();
}
