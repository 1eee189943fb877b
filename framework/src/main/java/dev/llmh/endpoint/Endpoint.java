package dev.llmh.endpoint;

import dev.llmh.client.EndpointInfo;
import dev.llmh.client.ProtocolClient;

/**
 * A usable endpoint: a client bound to its URL and what the endpoint said about itself.
 *
 * @param kind the embedded server, the simulator, or a remote server
 */
public record Endpoint(ProtocolClient client, EndpointInfo info, EndpointKind kind) {
  public String url() {
    return client.baseUrl();
  }
}
