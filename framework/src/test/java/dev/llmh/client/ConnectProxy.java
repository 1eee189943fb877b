package dev.llmh.client;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An HTTP proxy for the client's tests that opens {@code CONNECT} tunnels, as a corporate proxy
 * does, and notes each tunnel's target; or, {@code refusing}, answers every {@code CONNECT} with 403.
 */
final class ConnectProxy implements AutoCloseable {
  private final ServerSocket socket = new ServerSocket(0, 16, InetAddress.getLoopbackAddress());
  private final boolean refusing;
  /** The {@code host:port} of every {@code CONNECT} asked for. */
  final List<String> tunnels = new CopyOnWriteArrayList<>();

  ConnectProxy(boolean refusing) throws IOException {
    this.refusing = refusing;
    daemon(this::accept);
  }

  String url() {
    return "http://127.0.0.1:" + socket.getLocalPort();
  }

  private void accept() {
    while (!socket.isClosed()) {
      try {
        Socket client = socket.accept();
        daemon(() -> tunnel(client));
      } catch (IOException closed) {
        return;
      }
    }
  }

  private void tunnel(Socket client) {
    try (client) {
      String head = readHead(client.getInputStream());
      String[] line = head.split(" ", 3);
      tunnels.add(line[1]);
      OutputStream toClient = client.getOutputStream();
      if (refusing || !line[0].equals("CONNECT")) {
        toClient.write("HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        toClient.flush();
        return;
      }
      int colon = line[1].lastIndexOf(':');
      try (Socket server = new Socket(line[1].substring(0, colon), Integer.parseInt(line[1].substring(colon + 1)))) {
        toClient.write("HTTP/1.1 200 Connection established\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        toClient.flush();
        Thread back = daemon(() -> pump(server, client));
        pump(client, server);
        back.join();
      }
    } catch (IOException | InterruptedException e) {
      // the tunnel's end
    }
  }

  private static void pump(Socket from, Socket to) {
    try {
      from.getInputStream().transferTo(to.getOutputStream());
      to.shutdownOutput();
    } catch (IOException e) {
      // either side closed
    }
  }

  private static String readHead(InputStream in) throws IOException {
    StringBuilder head = new StringBuilder();
    for (int b; !head.toString().endsWith("\r\n\r\n") && (b = in.read()) >= 0; ) {
      head.append((char) b);
    }
    return head.toString();
  }

  private static Thread daemon(Runnable task) {
    Thread thread = new Thread(task, "connect-proxy");
    thread.setDaemon(true);
    thread.start();
    return thread;
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}
