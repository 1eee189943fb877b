package dev.llmh.embedded.server;

import dev.llmh.embedded.engine.Engine;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The models the embedded server serves by name: its default model, open from the start, and the
 * other generated models, each opened the first time a request names it and kept open (the
 * generated models are small: {@code tiny} and {@code small} together hold about 150 MB with their
 * caches). All of them share the server's one slot queue, so that two models never generate more
 * sequences at once than there are slots: on two cores a second model's generations would only
 * take the first one's.
 *
 * <p>A request names a model by its name ({@code tiny}) or its id ({@code llmh-tiny}); one naming
 * none gets the default. With a single model, as in tests, any name gets it (the server answers as
 * itself); with several, a name the server does not have is refused with the list of its models.
 */
final class ModelShelf implements AutoCloseable {

  /** Opens the engine of a model on first use: generates its file if needed, then loads it. */
  @FunctionalInterface
  interface Opener {
    Engine open(String name) throws IOException;
  }

  /** A model a request is served by: the id it answers as, and its engine. */
  record Served(String id, Engine engine) {}

  private final String defaultId;
  /** Id by name, in listing order, the default first. */
  private final Map<String, String> ids = new LinkedHashMap<>();
  private final Map<String, Engine> open = new LinkedHashMap<>();
  private final Opener opener;
  private final Object loading = new Object();

  /**
   * @param defaultName the model open from the start, served to requests that name none
   * @param others the other models' names, opened by {@code opener} when first asked for
   */
  ModelShelf(String defaultName, String defaultId, Engine defaultEngine, List<String> others, Opener opener) {
    this.defaultId = defaultId;
    this.opener = opener;
    ids.put(defaultName, defaultId);
    open.put(defaultName, defaultEngine);
    for (String other : others) {
      ids.putIfAbsent(other, "llmh-" + other);
    }
  }

  /** One model, served whatever a request names. */
  static ModelShelf single(String id, Engine engine) {
    return new ModelShelf(id, id, engine, List.of(), name -> {
      throw new IOException("no other model");
    });
  }

  /** The default model's engine: its slots are the server's. */
  Engine defaultEngine() {
    return open.values().iterator().next();
  }

  String defaultId() {
    return defaultId;
  }

  /** Every model's id, the default first, with its engine when it is open. */
  synchronized Map<String, Optional<Engine>> listing() {
    Map<String, Optional<Engine>> listing = new LinkedHashMap<>();
    ids.forEach((name, id) -> listing.put(id, Optional.ofNullable(open.get(name))));
    return listing;
  }

  /**
   * The model {@code requested} names, opened if it is not yet: one at a time, since loading takes
   * the cores a running generation needs. Empty for a name the server does not have.
   */
  Optional<Served> serve(String requested) throws IOException {
    Optional<String> name = nameOf(requested);
    if (name.isEmpty()) {
      return Optional.empty();
    }
    Engine engine = opened(name.get());
    if (engine == null) {
      // Requests for models already open go on while one loads; loads wait for each other.
      synchronized (loading) {
        engine = opened(name.get());
        if (engine == null) {
          engine = opener.open(name.get());
          synchronized (this) {
            open.put(name.get(), engine);
          }
        }
      }
    }
    return Optional.of(new Served(ids.get(name.get()), engine));
  }

  private synchronized Engine opened(String name) {
    return open.get(name);
  }

  /** Why {@code requested} is refused: the models there are, by id and by name. */
  String notServed(String requested) {
    return "model '" + requested + "' not found; this server serves: " + String.join(", ", ids.values())
        + " (by name: " + String.join(", ", ids.keySet()) + ")";
  }

  private synchronized Optional<String> nameOf(String requested) {
    if (requested == null || ids.size() == 1) {
      return Optional.of(ids.keySet().iterator().next());
    }
    String key = requested.strip().toLowerCase(Locale.ROOT);
    // A variant of a generated model (small-q8_0, tiny-seed7) is served too, generated on first use.
    String bare = key.startsWith("llmh-") ? key.substring("llmh-".length()) : key;
    if (dev.llmh.embedded.model.ModelSpec.VARIANT.matcher(bare).matches()) {
      ids.putIfAbsent(bare, "llmh-" + bare);
    }
    return ids.entrySet().stream().filter(e -> e.getKey().equals(key) || e.getValue().equals(key)).map(Map.Entry::getKey).findFirst();
  }

  /** Closes every open engine. */
  @Override
  public synchronized void close() {
    open.values().forEach(Engine::close);
    open.clear();
  }
}
