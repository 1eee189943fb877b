package dev.llmh.environment;

import com.fasterxml.jackson.databind.JsonNode;
import dev.llmh.client.ProtocolClient;
import dev.llmh.client.ServerAnswer;
import dev.llmh.client.wire.RoundTrip;
import dev.llmh.endpoint.Endpoint;
import dev.llmh.endpoint.EndpointKind;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Asks each endpoint what it is, within a time budget: every request gives up after {@link
 * #REQUEST_TIMEOUT}, and once {@link #BUDGET} has passed for the whole run nothing more is asked.
 * The server's kind comes from its model listing's {@code owned_by} and the protocol spoken; a server
 * of unknown kind is asked Ollama's, llama.cpp's and vLLM's version routes in turn. Whatever could not
 * be learnt — a missing route, an error, a timeout, an exception — is a reason in the entry's {@code
 * notMeasured}; nothing here fails a run.
 */
public final class ServerProbe {
  /** The most one question may take: a server that is up answers these in milliseconds. */
  public static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(2);
  /** The most all questions of one run may take together. */
  public static final Duration BUDGET = Duration.ofSeconds(10);

  /** Less budget than this left, and nothing more is asked. */
  static final Duration MIN_ASK = Duration.ofMillis(50);

  private final Duration requestTimeout;
  private final Duration budget;
  private final long deadline;

  public ServerProbe() {
    this(REQUEST_TIMEOUT, BUDGET);
  }

  ServerProbe(Duration requestTimeout, Duration budget) {
    this.requestTimeout = requestTimeout;
    this.budget = budget;
    this.deadline = System.nanoTime() + budget.toNanos();
  }

  /** The server's kind, as the entry's {@code server} names it. */
  enum Kind {
    OLLAMA("ollama"), LLAMA_CPP("llama.cpp"), VLLM("vllm"), EMBEDDED("llmh-embedded"), SIMULATOR("llmh-simulator"), UNKNOWN(null);

    final String key;

    Kind(String key) {
      this.key = key;
    }
  }

  static Kind kind(Endpoint endpoint) {
    if (endpoint.kind() == EndpointKind.EMBEDDED) {
      return Kind.EMBEDDED;
    }
    String owner = endpoint.info().ownedBy() == null ? "" : endpoint.info().ownedBy();
    return switch (owner) {
      case "llmh-sim" -> Kind.SIMULATOR;
      case "llmh-embedded" -> Kind.EMBEDDED;
      case "llamacpp" -> Kind.LLAMA_CPP;
      case "vllm" -> Kind.VLLM;
      // Ollama's OpenAI listing says "library" for its library's models
      case "ollama", "library" -> Kind.OLLAMA;
      default -> endpoint.client().api().ollama() ? Kind.OLLAMA : Kind.UNKNOWN;
    };
  }

  /**
   * The entry of {@code environment.servers} for {@code endpoint}, which served {@code models} (as
   * the cases asked for them; null for the server's default).
   *
   * @param llmhVersion the simulator's version: it is LLMH's own
   */
  public Map<String, Object> describe(Endpoint endpoint, List<String> models, String llmhVersion) {
    ServerFacts facts = new ServerFacts(endpoint.url(), endpoint.client().api().key(), endpoint.kind().key());
    roundTrip(endpoint.client().roundTrip(), facts);
    try {
      Kind kind = kind(endpoint);
      if (kind == Kind.UNKNOWN) {
        kind = guess(endpoint.client(), facts);
      }
      facts.put("server", kind.key);
      ProtocolClient client = endpoint.client();
      switch (kind) {
        case OLLAMA -> ollama(client, models, facts);
        case LLAMA_CPP -> llamaCpp(client, models, facts);
        case VLLM -> vllm(client, models, facts);
        // from the root: spoken to in Ollama's API, the client's base is the root, not /v1
        case EMBEDDED -> listed(client, "v1/models", true, models, facts.askedWhat(ListingFacts.EMBEDDED), ListingFacts::embeddedModel);
        case SIMULATOR -> {
          facts.put("version", llmhVersion);
          for (String model : models) {
            facts.modelUnknown(model != null ? model : first(endpoint), "the simulator serves no model weights");
          }
        }
        case UNKNOWN -> {
          String owner = endpoint.info().ownedBy();
          for (String model : models) {
            facts.modelUnknown(model != null ? model : first(endpoint),
                "the server's kind is unknown (its listing's owned_by is " + (owner == null ? "absent" : "'" + owner + "'") + ")");
          }
        }
      }
    } catch (RuntimeException e) {
      facts.note("server description: asking the server failed: " + e);
    }
    return facts.toMap();
  }

  /** {@code rtt_ms}, measured as the endpoint opened; through a proxy, to the proxy ({@code rtt_via}). */
  private static void roundTrip(RoundTrip rtt, ServerFacts facts) {
    if (rtt.ms() == null) {
      facts.unknown("rtt_ms", rtt.notMeasured());
      return;
    }
    facts.put("rtt_ms", Math.round(rtt.ms() * 1000) / 1000.0);
    if (rtt.to().startsWith("proxy ")) {
      facts.put("rtt_via", rtt.to());
    }
  }

  private static String first(Endpoint endpoint) {
    return endpoint.info().modelIds().isEmpty() ? "(server default)" : endpoint.info().modelIds().get(0);
  }

  /** One question, within what is left of the budget. */
  ServerAnswer ask(ProtocolClient client, String path, boolean fromRoot, byte[] post) {
    long left = deadline - System.nanoTime();
    if (left < MIN_ASK.toNanos()) { // a sliver of budget would only turn a quick answer into a timeout
      String spent = budget.toMillis() % 1000 == 0 ? budget.toSeconds() + " s" : budget.toMillis() + " ms";
      return ServerAnswer.unavailable("not asked: the " + spent + " budget for asking servers was spent");
    }
    Duration timeout = Duration.ofNanos(left).compareTo(requestTimeout) < 0 ? Duration.ofNanos(left) : requestTimeout;
    return client.ask(path, fromRoot, post, timeout);
  }

  /** A server whose listing does not name its kind: the first of the three version routes that answers decides. */
  private Kind guess(ProtocolClient client, ServerFacts facts) {
    List<String> reasons = new ArrayList<>();
    boolean allMissing = true;
    for (Kind kind : List.of(Kind.OLLAMA, Kind.LLAMA_CPP, Kind.VLLM)) {
      String path = kind == Kind.OLLAMA ? "api/version" : kind == Kind.LLAMA_CPP ? "props" : "version";
      ServerAnswer answer = ask(client, path, true, null);
      if (answer.answered()) {
        return kind;
      }
      allMissing &= answer.missing();
      reasons.add(answer.unavailable());
    }
    facts.unknown(ServerFacts.VERSION, allMissing
        ? "endpoint offers no version route (tried GET /api/version, /props and /version)" : String.join("; ", reasons));
    return Kind.UNKNOWN;
  }

  private void ollama(ProtocolClient client, List<String> models, ServerFacts facts) {
    facts.askedWhat(OllamaFacts.ASKED);
    OllamaFacts.version(facts, ask(client, "api/version", true, null));
    if (models.stream().allMatch(m -> m == null)) {
      facts.note("model details: no model named, and Ollama serves several");
      return;
    }
    ServerAnswer tags = ask(client, "api/tags", true, null);
    for (String model : models) {
      if (model == null) {
        continue;
      }
      String body = "{\"model\":" + com.fasterxml.jackson.databind.node.TextNode.valueOf(model) + "}";
      OllamaFacts.show(facts, model, ask(client, "api/show", true, body.getBytes(StandardCharsets.UTF_8)));
      OllamaFacts.tags(facts, model, tags);
      if (!tags.answered()) {
        facts.modelUnknown(model, tags.unavailable());
      }
    }
  }

  private void llamaCpp(ProtocolClient client, List<String> models, ServerFacts facts) {
    facts.askedWhat(ListingFacts.LLAMA_CPP);
    ServerAnswer listing = ask(client, "models", false, null);
    JsonNode entry = listing.answered() ? ListingFacts.entry(listing.json(), null) : null;
    // llama-server serves one model, whatever a request names: the listing's.
    String model = entry != null ? entry.path("id").asText() : models.get(0) != null ? models.get(0) : "(server default)";
    ListingFacts.llamaCppProps(facts, model, ask(client, "props", true, null));
    if (entry != null) {
      ListingFacts.llamaCppMeta(facts, model, entry);
    } else if (!listing.answered()) {
      facts.modelUnknown(model, listing.unavailable());
    }
  }

  private void vllm(ProtocolClient client, List<String> models, ServerFacts facts) {
    facts.askedWhat(ListingFacts.VLLM);
    ListingFacts.vllmVersion(facts, ask(client, "version", true, null));
    listed(client, "models", false, models, facts, ListingFacts::vllmModel);
  }

  /** Each model's entry in the {@code /v1/models} listing, read by {@code read}. */
  private void listed(ProtocolClient client, String path, boolean fromRoot, List<String> models, ServerFacts facts,
      EntryReader read) {
    ServerAnswer listing = ask(client, path, fromRoot, null);
    for (String model : models) {
      JsonNode entry = listing.answered() ? ListingFacts.entry(listing.json(), model) : null;
      String name = entry != null ? entry.path("id").asText() : model != null ? model : "(server default)";
      if (entry != null) {
        read.read(facts, name, entry);
      } else {
        facts.modelUnknown(name, listing.answered() ? "the listing has no such model" : listing.unavailable());
      }
    }
    if (!listing.answered()) {
      facts.unknown(ServerFacts.VERSION, listing.unavailable());
    }
  }

  @FunctionalInterface
  private interface EntryReader {
    void read(ServerFacts facts, String model, JsonNode entry);
  }
}
