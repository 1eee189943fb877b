package dev.llmh.config;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An endpoint as configured, split into what may be shown and what may not: {@code
 * http://user:pass@host/v1} is shown (and recorded) as {@code http://host/v1}, and {@code user:pass}
 * is kept apart, to be sent as HTTP Basic auth to that origin only.
 *
 * @param shown the URL without user info; {@code embedded}, {@code simulated} and non-URLs as given
 * @param userInfo {@code user:password}, percent-decoded, when the URL carried it
 */
public record EndpointUrl(String shown, Optional<Config.Secret> userInfo) {
  /** Up to the last {@code @} before the path, so an unescaped {@code @} in a password still splits right. */
  private static final Pattern USER_INFO = Pattern.compile("^(https?://)([^/?#]*)@", Pattern.CASE_INSENSITIVE);

  public static EndpointUrl parse(String url) {
    Matcher m = USER_INFO.matcher(url);
    if (!m.find()) {
      return new EndpointUrl(url, Optional.empty());
    }
    String shown = m.group(1) + url.substring(m.end());
    String raw = m.group(2);
    String decoded = URLDecoder.decode(raw.replace("+", "%2B"), StandardCharsets.UTF_8);
    return new EndpointUrl(shown, decoded.isEmpty() ? Optional.empty() : Optional.of(new Config.Secret(decoded)));
  }

  /** True when {@code url} carries {@code user[:password]@}. */
  public static boolean hasUserInfo(String url) {
    return USER_INFO.matcher(url).find();
  }
}
