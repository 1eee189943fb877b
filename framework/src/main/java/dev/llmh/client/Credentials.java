package dev.llmh.client;

import dev.llmh.config.Config.Secret;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

/**
 * What authenticates requests to one endpoint — a bearer key, or the user info of its URL sent as
 * HTTP Basic auth — and the one place that knows every form a secret can take in a text, so that
 * none reaches a record, a log or a report.
 */
public record Credentials(Optional<Secret> apiKey, Optional<Secret> userInfo) {
  public static final Credentials NONE = new Credentials(Optional.empty(), Optional.empty());
  private static final String HIDDEN = "<hidden>";
  /** A shorter fragment (a two-letter password) would hide ordinary words; it is hidden only as part of user:password. */
  private static final int SHORTEST_FRAGMENT = 4;

  public static Credentials bearer(Optional<Secret> apiKey) {
    return new Credentials(apiKey, Optional.empty());
  }

  /** The {@code Authorization} header value, when there is anything to send. */
  Optional<String> authorization() {
    if (apiKey.isPresent()) {
      return Optional.of("Bearer " + apiKey.get().value());
    }
    return userInfo.map(u -> "Basic " + basic(u.value()));
  }

  /** {@code text} with every form of a secret replaced by {@code <hidden>}. */
  public String redact(String text) {
    if (text == null) {
      return null;
    }
    String result = text;
    for (String secret : forms()) {
      if (result.contains(secret)) {
        result = result.replace(secret, HIDDEN);
      }
    }
    return result;
  }

  /** Longest first, so that a whole {@code user:password} goes before its password. */
  private List<String> forms() {
    List<String> forms = new ArrayList<>();
    apiKey.ifPresent(k -> forms.add(k.value()));
    userInfo.ifPresent(u -> {
      forms.add(basic(u.value()));
      forms.add(u.value());
      int colon = u.value().indexOf(':');
      if (colon >= 0 && u.value().length() - colon - 1 >= SHORTEST_FRAGMENT) {
        forms.add(u.value().substring(colon + 1));
      }
    });
    forms.removeIf(String::isEmpty);
    forms.sort((a, b) -> b.length() - a.length());
    return forms;
  }

  private static String basic(String userInfo) {
    return Base64.getEncoder().encodeToString(userInfo.getBytes(StandardCharsets.UTF_8));
  }

  @Override
  public String toString() {
    return "Credentials[" + (apiKey.isPresent() ? "bearer" : userInfo.isPresent() ? "basic" : "none") + "]";
  }
}
