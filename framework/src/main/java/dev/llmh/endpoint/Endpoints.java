package dev.llmh.endpoint;

import dev.llmh.client.Credentials;
import dev.llmh.client.EndpointException;
import dev.llmh.client.EndpointInfo;
import dev.llmh.client.Network;
import dev.llmh.client.OllamaClient;
import dev.llmh.client.OpenAiChatClient;
import dev.llmh.client.ProtocolClient;
import dev.llmh.client.Timeouts;
import dev.llmh.config.Api;
import dev.llmh.config.Config;
import dev.llmh.config.Defaults;
import dev.llmh.config.DeploymentFacts;
import dev.llmh.endpoint.spi.LocalServers;
import dev.llmh.resources.EnergyMeter;
import dev.llmh.resources.GpuSampler;
import dev.llmh.resources.PhaseSampling;
import dev.llmh.resources.PhysicsInputs;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.function.Consumer;

/**
 * The endpoints of one run, opened on first use and closed at the end: the embedded server (or
 * the simulator) is started once and shared; every endpoint is probed once, before its first measured request, so a
 * wrong URL or key fails the case before anything is measured. A failed probe is remembered, so
 * later cases fail at once with the same reason.
 */
public final class Endpoints implements AutoCloseable {
  public static final String EMBEDDED = Defaults.EMBEDDED_ENDPOINT;
  public static final String SIMULATED = Defaults.SIMULATED_ENDPOINT;

  private final Config config;
  private final Consumer<String> phases;
  private final Map<String, Object> opened = new LinkedHashMap<>();
  /** The URLs of the endpoints the run measures: the only ones the API key goes to. */
  private final java.util.Set<String> measured = new java.util.HashSet<>();
  private final PhysicsLookup physics;
  /** Why the embedded server's device is known: its engine offloads no layer to a GPU. */
  static final String EMBEDDED_ON_CPU = "embedded server: llama.cpp runs on the CPU, no layer offloaded to a GPU";
  private EmbeddedServerProcess embeddedServer;
  private LocalServers.LocalServer simulatedServer;
  private final ServerProcesses launched;

  /** @param phases told, one line each, what a long start (the embedded server's) is doing */
  public Endpoints(Config config, Consumer<String> phases) {
    this.config = config;
    this.phases = phases;
    this.physics = new PhysicsLookup(config, phases, System.getenv("PATH"));
    this.launched = new ServerProcesses(config.output().resultsDir().resolve("servers"), phases,
        text -> config.target().apiKey().map(k -> text.replace(k.value(), "***")).orElse(text));
  }

  /**
   * The endpoint of the server {@code launch} names, started for case {@code caseId} unless it runs
   * (another configuration's server is stopped first).
   *
   * @throws ServerProcesses.StartFailed when it did not start, with its log's last lines
   */
  public synchronized Endpoint launched(dev.llmh.plan.ServerLaunch launch, Api api, String caseId) {
    return get(launched.serve(launch, caseId).url(), api);
  }

  /** The server started for {@code launch}'s configuration, while it is the one running; else null. */
  public synchronized StartedServer started(dev.llmh.plan.ServerLaunch launch) {
    return launched.started(launch);
  }

  /** Whether {@code e} says a server LLMH starts did not start: its case is an ERROR, not NOT_RUN. */
  public static boolean startFailed(RuntimeException e) {
    return e instanceof ServerProcesses.StartFailed;
  }

  /** The endpoint for {@code url} ({@code embedded} or an http(s) URL), opened if needed, in the protocol its URL suggests. */
  public synchronized Endpoint get(String url) {
    return get(url, Api.detect(url));
  }

  /** The endpoint for {@code url} spoken to in {@code api}, opened if needed: one the run measures. */
  public synchronized Endpoint get(String url, Api api) {
    measured.add(url);
    return cached(api.key() + " " + url, () -> open(url, api, true));
  }

  /**
   * The endpoint for {@code url} in {@code api} when the run asks it something but measures nothing
   * on it (the judge's): the API key, which is the measured endpoint's, is not sent to it, unless the
   * run has measured that endpoint too.
   */
  public synchronized Endpoint unmeasured(String url, Api api) {
    return measured.contains(url) ? get(url, api) : cached(api.key() + " " + url + " (no key)", () -> open(url, api, false));
  }

  private Endpoint cached(String key, java.util.function.Supplier<Endpoint> opener) {
    Object known = opened.get(key);
    if (known instanceof Endpoint endpoint) {
      return endpoint;
    }
    if (known instanceof RuntimeException failure) {
      throw failure;
    }
    try {
      Endpoint endpoint = opener.get();
      opened.put(key, endpoint);
      return endpoint;
    } catch (RuntimeException e) {
      opened.put(key, e);
      throw e;
    }
  }

  /** The endpoint for {@code url} in {@code api} when it was opened and usable; never opens one. */
  public synchronized Optional<Endpoint> opened(String url, Api api) {
    return opened.get(api.key() + " " + url) instanceof Endpoint endpoint ? Optional.of(endpoint) : Optional.empty();
  }

  private Endpoint open(String url, Api api, boolean measuredHere) {
    EndpointKind kind = EndpointKind.of(url);
    if (EMBEDDED.equals(url) && api == Api.OLLAMA_GENERATE) {
      throw new EndpointException("the embedded server speaks openai-chat, openai-completions and ollama-chat, not "
          + api.key() + "; set llmh.api / @Endpoint(api) to one of those", null);
    }
    String base = EMBEDDED.equals(url) ? startEmbedded() : SIMULATED.equals(url) ? startSimulated() : url;
    if (api.ollama() && (SIMULATED.equals(url) || EMBEDDED.equals(url))) {
      base = base.substring(0, base.length() - "/v1".length()); // Ollama's paths (/api/...) sit at the root, not under /v1
    }
    if (kind == EndpointKind.REMOTE && !(base.startsWith("http://") || base.startsWith("https://"))) {
      throw new EndpointException(
          "endpoint '" + url + "' is not 'embedded', 'simulated' or an http(s) URL; set llmh.endpoint /"
              + " LLMH_ENDPOINT or @Endpoint(url) to e.g. http://localhost:11434/v1", null);
    }
    // The key goes to the endpoints the run measures only (and to the simulator, which then requires
    // it), never to one it merely asks (the judge's); the URL's user info only to the URL it came with.
    Config.Target target = config.target();
    Credentials credentials = EMBEDDED.equals(url) || !measuredHere ? Credentials.NONE
        : new Credentials(target.apiKey(),
            url.equals(target.endpoint().orElse(null)) ? target.userInfo() : Optional.empty());
    Config.Timeouts limits = config.timeouts();
    Timeouts timeouts = new Timeouts(limits.connect(), limits.read(), limits.firstToken(), limits.request());
    // LLMH's own servers are on this machine: never through the proxy, and with certificates of their own
    Network network = kind == EndpointKind.REMOTE ? new Network(target.tlsTrust(), target.proxy()) : Network.SYSTEM;
    ProtocolClient client = protocolClient(api, base, credentials, timeouts, network);
    EndpointInfo info = client.probe();
    client.roundTrip(); // before the first case, as the record's rtt_ms says; a few TCP connects
    physics.probe(kind, client.baseUrl());
    client.warmUp();
    if (config.requests().clientWarmup() > 0) {
      RequestPathWarmUp.Done warm = RequestPathWarmUp.run(api, timeouts, config.requests().clientWarmup(),
          client.baseUrl().startsWith("https:"));
      phases.accept(String.format(java.util.Locale.ROOT, "client warmed up: %d requests to a simulator inside LLMH%s in %.1f s"
          + " (llmh.clientWarmup)", warm.sent(), warm.tlsSent() == 0 ? "" : ", " + warm.tlsSent() + " of them over TLS",
          warm.millis() / 1000.0));
    }
    return new Endpoint(client, info, kind);
  }

  static ProtocolClient protocolClient(Api api, String base, Credentials credentials, Timeouts timeouts, Network network) {
    return api.ollama() ? new OllamaClient(api, base, credentials, timeouts, network)
        : new OpenAiChatClient(api, base, credentials, timeouts, network);
  }

  private String startEmbedded() {
    if (embeddedServer == null) {
      embeddedServer = EmbeddedServerProcess.start(config.servers().embedded(), config.output().resultsDir(), phases);
    }
    return embeddedServer.baseUrl();
  }

  /** The servers LLMH starts itself; the simulator module provides them, at run time only. */
  static LocalServers localServers() {
    return ServiceLoader.load(LocalServers.class, Endpoints.class.getClassLoader()).findFirst().orElseThrow(() -> new IllegalStateException(
        "llmh.endpoint=simulated needs the simulator, module dev.llmh:llmh-simulator, on the class path at run time"
            + " (llmh-framework brings it; was it excluded?)"));
  }

  private String startSimulated() {
    if (simulatedServer == null) {
      simulatedServer = localServers().simulated(config.servers().simulated().slots(),
          config.servers().simulated().prefillRate(),
          config.servers().simulated().decodeRate(), config.target().apiKey().map(Config.Secret::value).orElse(null));
    }
    return simulatedServer.baseUrl();
  }

  /**
   * Resource sampling for a case on {@code endpoint}: the embedded server's child process, a local
   * server named by {@code llmh.server.pid} or {@code llmh.server.process}, or why there is nothing
   * to sample; beside it this machine's GPUs and energy when the server runs here (the simulator
   * uses no GPU), else the GPUs not measured and the energy from the declared power at most. The
   * GPUs' draw is charged only to a server whose processes hold them: never to the embedded server,
   * which computes on the CPU.
   *
   * @param watts the case's declared power ({@code @Power} under {@code llmh.power.watts}), or null:
   *     the last source of its energy, recorded as declared
   */
  public synchronized PhaseSampling resources(Endpoint endpoint, Double watts) {
    Config.ServerSampling sampling = config.servers().sampling();
    Duration interval = sampling.interval();
    // a server LLMH started is sampled as one named by llmh.server.pid
    Optional<Long> pid = Optional.ofNullable(launched.pid(endpoint.url())).or(sampling::pid);
    return switch (endpoint.kind()) {
      case EMBEDDED -> PhaseSampling.of(embeddedServer.pid(), interval).onCpu(watts, EMBEDDED_ON_CPU);
      case SIMULATED -> PhaseSampling.none(endpoint.url(), interval,
              "simulated server: it runs inside the harness's JVM, with no process of its own to sample")
          .withHardware(() -> GpuSampler.none("simulated server: it uses no GPU", interval), () -> EnergyMeter.local(watts));
      case REMOTE -> pid.map(p -> PhaseSampling.of(p, interval).onThisMachine(watts))
          .or(() -> sampling.process().map(name -> PhaseSampling.named(name, interval).onThisMachine(watts)))
          .orElseGet(() -> PhaseSampling.none(endpoint.url(), interval, "remote endpoint: no process to sample")
              .withHardware(() -> GpuSampler.none("remote endpoint: its GPUs are not on this machine", interval),
                  () -> EnergyMeter.remote(watts)));
    };
  }

  /** {@link #physicsInputs(Endpoint, String, DeploymentFacts)} with the configuration's declared figures. */
  public PhysicsInputs physicsInputs(Endpoint endpoint, String servedModel) {
    return physicsInputs(endpoint, servedModel, config.servers().deployment());
  }

  /**
   * The inputs of the physics check for {@code servedModel} on {@code endpoint} (the model a case
   * asked for, as the server names it; null for the server's default): the bytes a decode step reads
   * and the bandwidth of the memory the weights sit in, each declared in {@code declared} (a case's
   * plan's deployment facts), else discovered or measured ({@link PhysicsLookup}), or why unknown. A size the server reports is cached per endpoint and
   * model. Call it after the case's warm-up, never during its measurement: it may ask the server for
   * its model listing, and the embedded server lists a model's file only once a request has loaded
   * it. The bandwidth probe itself ran when the endpoint was opened.
   */
  public synchronized PhysicsInputs physicsInputs(Endpoint endpoint, String servedModel, DeploymentFacts declared) {
    return physics.inputs(endpoint, servedModel, declared);
  }

  /**
   * True when the server runs on this machine: the embedded server, a loopback URL, or a server
   * named by {@code llmh.server.pid} / {@code llmh.server.process}.
   */
  boolean onThisMachine(EndpointKind kind, String url) {
    return physics.onThisMachine(kind, url);
  }

  @Override
  public synchronized void close() {
    for (Object value : opened.values()) {
      if (value instanceof Endpoint endpoint) {
        endpoint.client().close();
      }
    }
    opened.clear();
    launched.closeForGood();
    if (embeddedServer != null) {
      embeddedServer.close();
      embeddedServer = null;
    }
    if (simulatedServer != null) {
      simulatedServer.close();
      simulatedServer = null;
    }
  }
}
