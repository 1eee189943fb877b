package dev.llmh.endpoint;

import dev.llmh.client.EndpointInfo;
import dev.llmh.client.ProtocolClient;

/**
 * A usable endpoint: a client bound to its URL and what the endpoint said about itself.
 *
 * @param embedded true when LLMH started the server for this run
 */
public record Endpoint(ProtocolClient client, EndpointInfo info, boolean embedded) {
  public String url() {
    return client.baseUrl();
  }
}
