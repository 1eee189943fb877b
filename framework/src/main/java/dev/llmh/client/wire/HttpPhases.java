package dev.llmh.client.wire;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * Where one request's time went on the way, in ms, as k6 and HAR divide it ({@code samples[].http}).
 * From {@code t0} on, {@code dns + connect + tls + sending + waiting + receiving} is the request's
 * whole time to its end; {@code blocked} comes before {@code t0} and is in no latency.
 *
 * @param blocked from the send to {@code t0}: finding a connection and handing the request to the
 *     event loop (never a wait for a pool: a request with no idle connection opens one)
 * @param dns resolving the server's name; 0 on a connection kept alive, and through a proxy, which resolves it
 * @param connect opening the TCP connection, through a proxy its tunnel too; 0 on a connection kept alive
 * @param tls the TLS handshake, and for HTTP/2 its server's first SETTINGS; 0 on a connection kept alive or plain HTTP
 * @param sending from the connection usable (kept alive: {@code t0}) to the request written; null when it never was
 * @param waiting from the request written to the response's head; null when no head came
 * @param receiving from the response's head to its end (the first token is in here when the server
 *     sends its head before it); null when no head came
 * @param connectionReused true when the request went on a connection (or HTTP/2 connection) already open
 * @param httpVersion {@code 1.1} or {@code 2}
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record HttpPhases(double blocked, double dns, double connect, double tls, Double sending, Double waiting,
    Double receiving, boolean connectionReused, String httpVersion) {

  /** The time spent reaching the server, not waiting on it: name, connection, handshake, sending. */
  public double networkMs() {
    return dns + connect + tls + (sending == null ? 0 : sending);
  }
}
