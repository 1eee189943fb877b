package dev.llmh.client;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A server's JSON answer to one question about itself (its version, its model), or why there is
 * none: the route is missing, it answered an error, it took too long, or it could not be reached.
 *
 * @param json the answer, or null
 * @param unavailable why there is no answer, worded to follow "the item: ", else null
 * @param missing true when the server has no such route (HTTP 404 or 405), rather than failing on it
 */
public record ServerAnswer(JsonNode json, String unavailable, boolean missing) {

  public static ServerAnswer of(JsonNode json) {
    return new ServerAnswer(json, null, false);
  }

  public static ServerAnswer unavailable(String reason) {
    return new ServerAnswer(null, reason, false);
  }

  public static ServerAnswer missing(String reason) {
    return new ServerAnswer(null, reason, true);
  }

  public boolean answered() {
    return json != null;
  }
}
