package dev.llmh.sim;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The simulator's face for {@link StreamFraming#CLOSE}. The JDK server keeps HTTP/1.1 connections
 * alive and chunks every streamed body; asked in HTTP/1.0 without keep-alive, it writes the body
 * up to the connection's close instead. So this front accepts the client's connections, passes each
 * request on as HTTP/1.0 with {@code Connection: close}, and relays the answer as it comes (its head
 * saying {@code Connection: close} too), each read in one write: an event still reaches the client
 * when the server flushed it. With a linger, the client's connection is closed only that long after
 * the server's answer ended.
 */
final class CloseDelimitedFront implements AutoCloseable {
  private static final int MAX_HEAD = 64 * 1024;

  private final ServerSocket socket = new ServerSocket(0, 256, InetAddress.getLoopbackAddress());
  private final int serverPort;
  private final java.time.Duration linger;
  private final Set<Socket> open = ConcurrentHashMap.newKeySet();

  CloseDelimitedFront(int serverPort, java.time.Duration linger) throws IOException {
    this.serverPort = serverPort;
    this.linger = linger;
    daemon("llmh-sim-close-front", this::accept);
  }

  int port() {
    return socket.getLocalPort();
  }

  private void accept() {
    while (!socket.isClosed()) {
      try {
        Socket client = socket.accept();
        open.add(client);
        daemon("llmh-sim-close-relay", () -> serve(client));
      } catch (IOException e) {
        return; // closed
      }
    }
  }

  private void serve(Socket client) {
    try (client; Socket server = new Socket(InetAddress.getLoopbackAddress(), serverPort)) {
      open.add(server);
      client.setTcpNoDelay(true);
      server.setTcpNoDelay(true);
      InputStream in = client.getInputStream();
      OutputStream toServer = server.getOutputStream();
      toServer.write(http10(head(in)).getBytes(StandardCharsets.ISO_8859_1));
      toServer.flush();
      daemon("llmh-sim-close-body", () -> relay(in, toServer)); // the request's body
      InputStream fromServer = server.getInputStream();
      OutputStream toClient = client.getOutputStream();
      toClient.write(closing(head(fromServer)).getBytes(StandardCharsets.ISO_8859_1));
      relay(fromServer, toClient);
      if (!linger.isZero()) {
        Thread.sleep(linger.toMillis());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (IOException e) {
      // the client or the server went away: nothing to relay
    } finally {
      open.remove(client);
    }
  }

  /** The request's or the response's line and headers, up to and with the blank line. */
  private static String head(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int matched = 0;
    while (matched < 4) {
      int b = in.read();
      if (b < 0 || head.size() > MAX_HEAD) {
        throw new IOException("no request head");
      }
      head.write(b);
      matched = b == "\r\n\r\n".charAt(matched) ? matched + 1 : b == '\r' ? 1 : 0;
    }
    return head.toString(StandardCharsets.ISO_8859_1);
  }

  /** The head as HTTP/1.0, its own {@code Connection} header replaced by {@code close}. */
  static String http10(String head) {
    int lineEnd = head.indexOf("\r\n");
    String line = head.substring(0, lineEnd).replaceFirst("HTTP/1\\.1$", "HTTP/1.0");
    String headers = head.substring(lineEnd + 2, head.length() - 2).replaceAll("(?im)^connection:[^\r\n]*\r\n", "");
    return line + "\r\n" + headers + "Connection: close\r\n\r\n";
  }

  /**
   * The response's head saying {@code Connection: close}, as this front serves one request per
   * connection: the JDK server leaves it out of a fixed-length answer, and a client that kept such a
   * connection for its next request would wait for the close, a {@link StreamFraming#LINGER} later.
   */
  static String closing(String head) {
    return head.substring(0, head.length() - 2).replaceAll("(?im)^connection:[^\r\n]*\r\n", "") + "Connection: close\r\n\r\n";
  }

  private static void relay(InputStream from, OutputStream to) {
    byte[] buffer = new byte[16 * 1024];
    try {
      for (int n = from.read(buffer); n >= 0; n = from.read(buffer)) {
        to.write(buffer, 0, n);
        to.flush();
      }
    } catch (IOException e) {
      // one side closed: the other follows when its socket is closed
    }
  }

  private static void daemon(String name, Runnable task) {
    Thread thread = new Thread(task, name);
    thread.setDaemon(true);
    thread.start();
  }

  @Override
  public void close() {
    try {
      socket.close();
    } catch (IOException e) {
      // closing is all that was wanted
    }
    for (Socket s : open) {
      try {
        s.close();
      } catch (IOException e) {
        // as above
      }
    }
  }
}
