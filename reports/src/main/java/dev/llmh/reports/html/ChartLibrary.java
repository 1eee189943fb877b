package dev.llmh.reports.html;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/**
 * Apache ECharts, read from its WebJar on the classpath and inlined into every report, so a report
 * opens offline and makes no network request. The version is the WebJar's own, read from its
 * {@code pom.properties}, so the POM is the one place it is pinned.
 */
final class ChartLibrary {
  private static final String POM = "/META-INF/maven/org.webjars.npm/echarts/pom.properties";

  private ChartLibrary() {}

  /** Read once: about 1 MB, the same for every report. */
  private static final class Holder {
    static final String SCRIPT = load();
  }

  static String script() {
    return Holder.SCRIPT;
  }

  private static String load() {
    Properties pom = new Properties();
    try (InputStream in = ChartLibrary.class.getResourceAsStream(POM)) {
      if (in == null) {
        throw new IllegalStateException("the ECharts WebJar (org.webjars.npm:echarts) is not on the classpath");
      }
      pom.load(in);
      String path = "/META-INF/resources/webjars/echarts/" + pom.getProperty("version") + "/dist/echarts.min.js";
      try (InputStream script = ChartLibrary.class.getResourceAsStream(path)) {
        if (script == null) {
          throw new IllegalStateException("the ECharts WebJar holds no " + path);
        }
        // The script is inlined in a <script> element: a literal "</script" inside it would end the element.
        return new String(script.readAllBytes(), StandardCharsets.UTF_8).replace("</script", "<\\/script");
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The version inlined, for the report's footer. */
  static String version() {
    try (InputStream in = ChartLibrary.class.getResourceAsStream(POM)) {
      Properties pom = new Properties();
      if (in != null) {
        pom.load(in);
      }
      return pom.getProperty("version", "unknown");
    } catch (IOException e) {
      return "unknown";
    }
  }

  /** A resource of this package as text: the page's own script and style. */
  static String resource(String name) {
    try (InputStream in = ChartLibrary.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
