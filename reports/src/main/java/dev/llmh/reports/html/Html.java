package dev.llmh.reports.html;

/** Escaping for text placed in HTML and for JSON placed in a script element. */
final class Html {
  private Html() {}

  static String escape(Object value) {
    if (value == null) {
      return "–";
    }
    return value.toString().replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;")
        .replace("'", "&#39;");
  }

  /**
   * JSON safe inside {@code <script>}: every {@code <} becomes {@code \u003c}, so no string in the data
   * ({@code </script>}, {@code <!--}) can end the element early. JSON.parse reads it back unchanged.
   */
  static String scriptJson(String json) {
    return json.replace("<", "\\u003c").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029");
  }
}
