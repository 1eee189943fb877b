package dev.llmh.benchmarks.accuracy;

import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * The ground truth's certificate for {@code localhost}, made once by the JDK's {@code keytool}: a
 * key store for the server and the certificate as PEM, which the harness is given as
 * {@code llmh.tls.trust}, as a user of a self-signed server would.
 *
 * @param keyStore PKCS#12, password {@link #PASSWORD}
 * @param pem the certificate alone
 */
public record SelfSigned(Path keyStore, Path pem) {
  static final String PASSWORD = "changeit";

  /** The certificate in {@code dir}, made there unless it already is. */
  public static SelfSigned in(Path dir) throws Exception {
    SelfSigned made = new SelfSigned(dir.resolve("ground-truth.p12"), dir.resolve("ground-truth.pem"));
    if (Files.exists(made.pem())) {
      return made;
    }
    Files.createDirectories(dir);
    Files.deleteIfExists(made.keyStore());
    run(List.of("-genkeypair", "-alias", "gt", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=localhost",
        "-ext", "SAN=dns:localhost", "-validity", "30", "-storetype", "PKCS12", "-keystore", made.keyStore().toString(),
        "-storepass", PASSWORD, "-keypass", PASSWORD));
    run(List.of("-exportcert", "-rfc", "-alias", "gt", "-keystore", made.keyStore().toString(), "-storepass", PASSWORD,
        "-file", made.pem().toString()));
    return made;
  }

  /** The server side of TLS with this certificate, offering {@code protocols} by ALPN in that order. */
  public static SslContext server(Path keyStore, List<String> protocols) throws Exception {
    KeyStore keys = KeyStore.getInstance(keyStore.toFile(), PASSWORD.toCharArray());
    KeyManagerFactory factory = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    factory.init(keys, PASSWORD.toCharArray());
    return SslContextBuilder.forServer(factory).applicationProtocolConfig(new ApplicationProtocolConfig(
        ApplicationProtocolConfig.Protocol.ALPN, ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
        ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT, protocols)).build();
  }

  /** A JDK client's TLS that trusts this certificate alone: how the ground truth warms its own TLS path. */
  public static SSLContext trusting(Path keyStore) throws Exception {
    KeyStore trusted = KeyStore.getInstance("PKCS12");
    trusted.load(null, null);
    trusted.setCertificateEntry("gt", KeyStore.getInstance(keyStore.toFile(), PASSWORD.toCharArray()).getCertificate("gt"));
    TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    factory.init(trusted);
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(null, factory.getTrustManagers(), null);
    return context;
  }

  private static void run(List<String> args) throws Exception {
    List<String> command = new java.util.ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
    command.addAll(args);
    Process keytool = new ProcessBuilder(command).inheritIO().start(); // what it says goes to the server's log
    if (!keytool.waitFor(60, TimeUnit.SECONDS) || keytool.exitValue() != 0) {
      throw new IllegalStateException("keytool " + String.join(" ", args) + " failed; its output is above");
    }
  }
}
