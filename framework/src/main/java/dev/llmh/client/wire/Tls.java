package dev.llmh.client.wire;

import io.netty.handler.codec.http2.Http2SecurityUtil;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SupportedCipherSuiteFilter;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.Optional;
import javax.net.ssl.TrustManagerFactory;

/** The TLS settings of an HTTPS origin: whom to trust, the host name checked, HTTP/2 offered by ALPN. */
public final class Tls {
  private Tls() {}

  /**
   * A client context trusting the system's certificates, or only those of {@code trust}: a PEM file,
   * or a PKCS#12 trust store without a password. The certificate's name must match the host.
   *
   * @throws IllegalArgumentException when {@code trust} cannot be read as either, naming the file
   */
  public static SslContext client(Optional<Path> trust) {
    try {
      SslContextBuilder builder = SslContextBuilder.forClient()
          .endpointIdentificationAlgorithm("HTTPS")
          .ciphers(Http2SecurityUtil.CIPHERS, SupportedCipherSuiteFilter.INSTANCE)
          .applicationProtocolConfig(new ApplicationProtocolConfig(ApplicationProtocolConfig.Protocol.ALPN,
              ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
              ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT,
              ApplicationProtocolNames.HTTP_2, ApplicationProtocolNames.HTTP_1_1));
      if (trust.isPresent()) {
        builder.trustManager(trustManagers(trust.get()));
      }
      return builder.build();
    } catch (IOException | GeneralSecurityException e) {
      throw new IllegalArgumentException("llmh.tls.trust = '" + trust.map(Path::toString).orElse("") + "' could not be"
          + " read as PEM certificates or a PKCS#12 trust store without a password: " + e.getMessage(), e);
    }
  }

  private static boolean isTrusted(KeyStore store, String alias) {
    try {
      return store.isCertificateEntry(alias);
    } catch (java.security.KeyStoreException e) {
      return false;
    }
  }

  private static TrustManagerFactory trustManagers(Path file) throws IOException, GeneralSecurityException {
    KeyStore store;
    byte[] bytes = Files.readAllBytes(file);
    if (new String(bytes, 0, Math.min(bytes.length, 4096), StandardCharsets.US_ASCII).contains("-----BEGIN CERTIFICATE-----")) {
      store = KeyStore.getInstance(KeyStore.getDefaultType());
      store.load(null, null);
      int i = 0;
      try (InputStream in = Files.newInputStream(file)) {
        for (var cert : java.security.cert.CertificateFactory.getInstance("X.509").generateCertificates(in)) {
          store.setCertificateEntry("trusted-" + i++, cert);
        }
      }
    } else {
      store = KeyStore.getInstance("PKCS12");
      try (InputStream in = Files.newInputStream(file)) {
        store.load(in, null);
      }
    }
    if (java.util.Collections.list(store.aliases()).stream().noneMatch(alias -> isTrusted(store, alias))) {
      throw new GeneralSecurityException("it holds no trusted certificate (a password-protected store's are unreadable"
          + " without it; a key entry is not a trusted certificate)");
    }
    TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    factory.init(store);
    return factory;
  }
}
