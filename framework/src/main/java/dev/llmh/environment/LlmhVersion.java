package dev.llmh.environment;

import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;
import java.util.Properties;

/**
 * The LLMH version a results file names. Read from a resource Maven filters at build time, since
 * the jar manifest's Implementation-Version is absent when the framework runs from
 * {@code target/classes} (a reactor build, an IDE); the manifest is the fallback for a jar whose
 * resource was lost in repackaging.
 */
public final class LlmhVersion {
  static final String UNKNOWN = "unknown";
  private static final String RESOURCE = "llmh-version.properties";

  private LlmhVersion() {}

  public static String current() {
    return fromResource()
        .or(() -> Optional.ofNullable(LlmhVersion.class.getPackage().getImplementationVersion()))
        .orElse(UNKNOWN);
  }

  private static Optional<String> fromResource() {
    try (InputStream in = LlmhVersion.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        return Optional.empty();
      }
      Properties properties = new Properties();
      properties.load(in);
      String version = properties.getProperty("version", "").strip();
      // An unfiltered copy (the source file itself on a class path) still holds the placeholder.
      return version.isEmpty() || version.contains("${") ? Optional.empty() : Optional.of(version);
    } catch (IOException e) {
      return Optional.empty();
    }
  }
}
