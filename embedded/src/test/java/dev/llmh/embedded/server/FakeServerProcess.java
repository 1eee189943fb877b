package dev.llmh.embedded.server;

/**
 * {@link EmbeddedServerMain#serve} around a {@link FakeEngine}, for the process tests. Like
 * java-llama.cpp it leaves a non-daemon thread behind, so the process only ends if the server exits
 * explicitly.
 */
final class FakeServerProcess {

  static final String CLOSED = "FAKE-ENGINE-CLOSED";

  private FakeServerProcess() {}

  public static void main(String[] args) throws Exception {
    Thread lingering = new Thread(() -> {
      try {
        Thread.sleep(Long.MAX_VALUE);
      } catch (InterruptedException e) {
        // ends only with the JVM
      }
    }, "non-daemon-like-native");
    lingering.start();
    FakeEngine engine = new FakeEngine(1, 512);
    engine.onClose = () -> System.err.println(CLOSED);
    EmbeddedServerMain.serve(engine, "llmh-fake", 0);
  }
}
