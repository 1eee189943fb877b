package dev.llmh.plan;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * The prompts of a {@code @PromptFile}, read whole before the case's first request so that a missing
 * or malformed file fails the case at once, naming the file and the line, rather than mid-run.
 *
 * @param path the file's path on the test classpath, as declared
 * @param sha256 of the file's bytes, hex: what the results record, so a changed file is seen
 * @param prompts one per non-blank line, in file order
 * @param categories each line's {@code category} (a judged suite's scores are broken down by it), null
 *     where a line has none
 */
public record FilePrompts(String path, String sha256, List<String> prompts, List<String> categories) {
  private static final ObjectMapper JSON = new ObjectMapper();

  public FilePrompts {
    prompts = List.copyOf(prompts);
    categories = categories == null ? java.util.Collections.nCopies(prompts.size(), null)
        : java.util.Collections.unmodifiableList(new ArrayList<>(categories));
  }

  /** The {@code category} of request {@code i}'s line, or null when it has none. */
  public String category(int request) {
    return categories.get(Math.floorMod(request, categories.size()));
  }

  /** The prompt of request {@code i} (warm-up and measured requests each counted from 0): line {@code i mod n}. */
  public String prompt(int request) {
    return prompts.get(Math.floorMod(request, prompts.size()));
  }

  /**
   * Reads {@code path} through {@code loader} (the scenario's: the test classpath).
   *
   * @throws IllegalArgumentException naming the file (and the line) when it is missing, unreadable,
   *     empty or has a line that is not a prompt
   */
  public static FilePrompts load(ClassLoader loader, String path) {
    byte[] bytes;
    try (InputStream in = loader.getResourceAsStream(path)) {
      if (in == null) {
        throw new IllegalArgumentException("@PromptFile(\"" + path + "\"): no such file on the test classpath; put it"
            + " under src/test/resources/" + path);
      }
      bytes = in.readAllBytes();
    } catch (IOException e) {
      throw new IllegalArgumentException("@PromptFile(\"" + path + "\") cannot be read: " + e, e);
    }
    String text;
    try {
      text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
          .decode(java.nio.ByteBuffer.wrap(bytes)).toString();
    } catch (CharacterCodingException e) {
      throw new IllegalArgumentException(path + " is not UTF-8 text; save it as UTF-8 JSON Lines");
    }
    List<String> prompts = new ArrayList<>();
    List<String> categories = new ArrayList<>();
    String[] lines = text.split("\r?\n", -1);
    for (int i = 0; i < lines.length; i++) {
      if (!lines[i].isBlank()) {
        prompts.add(prompt(path, i + 1, lines[i]));
        categories.add(category(path, i + 1, lines[i]));
      }
    }
    if (prompts.isEmpty()) {
      throw new IllegalArgumentException(path + " has no prompts; write one JSON object per line, e.g. {\"prompt\": \"Define latency.\"}");
    }
    return new FilePrompts(path, sha256(bytes), prompts, categories);
  }

  /** The line's optional {@code "category"}: a non-blank string when present. Its JSON was read by {@link #prompt}. */
  private static String category(String path, int line, String text) {
    JsonNode category;
    try {
      category = JSON.readTree(text).get("category");
    } catch (JsonProcessingException e) {
      throw malformed(path, line, "not JSON (" + e.getOriginalMessage() + ")");
    }
    return category == null ? null : text(path, line, category, "\"category\"");
  }

  /** {@code {"prompt": ...}}, or a ShareGPT record's first human turn. */
  private static String prompt(String path, int line, String text) {
    JsonNode node;
    try {
      node = JSON.readTree(text);
    } catch (JsonProcessingException e) {
      throw malformed(path, line, "not JSON (" + e.getOriginalMessage() + ")");
    }
    if (node == null || !node.isObject()) {
      throw malformed(path, line, "not a JSON object");
    }
    if (node.has("prompt")) {
      return text(path, line, node.get("prompt"), "\"prompt\"");
    }
    JsonNode conversations = node.get("conversations");
    if (conversations == null) {
      throw malformed(path, line, "has neither \"prompt\" nor \"conversations\"");
    }
    if (!conversations.isArray()) {
      throw malformed(path, line, "\"conversations\" is not an array of turns");
    }
    for (JsonNode turn : conversations) {
      String from = turn.path("from").asText("");
      if (from.equals("human") || from.equals("user")) {
        return text(path, line, turn.get("value"), "the first human turn's \"value\"");
      }
    }
    throw malformed(path, line, "\"conversations\" has no turn from \"human\"");
  }

  private static String text(String path, int line, JsonNode value, String what) {
    if (value == null || !value.isTextual() || value.textValue().isBlank()) {
      throw malformed(path, line, what + " is not a non-blank string");
    }
    return value.textValue();
  }

  private static IllegalArgumentException malformed(String path, int line, String problem) {
    return new IllegalArgumentException(path + " line " + line + ": " + problem
        + "; each line must be {\"prompt\": \"...\"} or {\"conversations\": [{\"from\": \"human\", \"value\": \"...\"}, ...]}");
  }

  /** SHA-256 of {@code bytes}, hex: how a prompt file and a prompt's text are identified in the record. */
  public static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }
}
