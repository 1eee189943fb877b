package dev.llmh.config;

import java.util.Locale;

/**
 * Every configuration key, in one place. A key is read as a system property (or JUnit configuration
 * parameter) first, then as the environment variable {@link #envName()}; both beat the scenario's
 * annotations, which beat {@link Defaults}.
 */
public enum ConfigKey {
  ENDPOINT("llmh.endpoint", "base URL of an OpenAI-compatible API, 'embedded' or 'simulated'"),
  MODEL("llmh.model", "model name sent with every request; several, separated by commas, are compared side by side (the model becomes a case parameter)"),
  OPTIONS("llmh.options", "server options as key=value, separated by commas (num_ctx=8192,keep_alive=10m): replace @Endpoint(options); Ollama gets them under options (keep_alive, format, think, raw at the top level), an OpenAI-compatible server as extra body fields"),
  API("llmh.api", "wire protocol: openai-chat, openai-completions, ollama-chat or ollama-generate (default: detected from the URL)"),
  API_KEY("llmh.apiKey", "bearer token for the endpoint; never logged or recorded (as an environment variable; a -D system property is copied into Surefire's XML reports)"),
  API_KEY_FILE("llmh.apiKeyFile", "a file holding the bearer token (its first line); the path, not the key, is what Surefire records"),
  TLS_TRUST("llmh.tls.trust", "HTTPS to a server whose certificate the system does not trust (self-signed): a PEM file of the certificates to trust, or a PKCS#12 trust store (.p12, .pfx) without a password; replaces the system's trust store"),
  PROXY("llmh.proxy", "an HTTP proxy every endpoint is reached through, as http://host:port (a tunnel by CONNECT, HTTPS or not); default: the JVM's https.proxyHost / http.proxyHost and http.nonProxyHosts"),
  CONNECT_TIMEOUT("llmh.timeout.connect", "time allowed to open a connection"),
  READ_TIMEOUT("llmh.timeout.read", "longest silence allowed on a response, prefill included"),
  FIRST_TOKEN_TIMEOUT("llmh.timeout.firstToken", "longest wait from sending a request to its first text chunk"),
  REQUEST_TIMEOUT("llmh.timeout.request", "longest a request may take from sending to its last byte; then it is cancelled"),
  CASE_TIMEOUT("llmh.timeout.case", "longest a case may take, warm-up included, from when its endpoint is open (opening one and the harness's pause before measuring are not counted); then requests in flight are cancelled and no more are sent"),
  RESULTS_DIR("llmh.resultsDir", "where results files are written"),
  SELECT("llmh.select", "run only the cases matching these patterns, Class[#prompt][[param=value,...]] separated by commas; a pattern that matches no scenario in the build fails the run with the scenarios that exist"),
  EMBEDDED_MODEL("llmh.embedded.model", "embedded server: its default generated model, tiny or small, loaded at start and served to requests naming none (the other is loaded when a request names it)"),
  EMBEDDED_SLOTS("llmh.embedded.slots", "embedded server: requests served in parallel"),
  EMBEDDED_SLOT_CONTEXT("llmh.embedded.slotContext", "embedded server: tokens of context per slot"),
  EMBEDDED_MODELS_DIR("llmh.embedded.modelsDir", "embedded server: where generated model files are kept"),
  EMBEDDED_START_TIMEOUT("llmh.embedded.startTimeout", "embedded server: time allowed to generate and load the model"),
  SIMULATED_PREFILL_RATE("llmh.simulated.prefillRate", "simulated server: prompt tokens per second"),
  SIMULATED_DECODE_RATE("llmh.simulated.decodeRate", "simulated server: generated tokens per second per slot"),
  SIMULATED_SLOTS("llmh.simulated.slots", "simulated server: requests served in parallel"),
  BASELINE("llmh.baseline", "baseline file to compare each case with (written by llmh.saveBaseline)"),
  SAVE_BASELINE("llmh.saveBaseline", "where to write this run's baseline file when the run ends"),
  NOISE_BAND("llmh.noiseBand", "a baseline change whose interval stays within this (in %) is not a regression"),
  MAX_REQUESTS("llmh.maxRequests", "ceiling of an adaptive measurement whose @Measurement sets no maxRequests"),
  CONFIDENCE("llmh.confidence", "confidence level of intervals and verdicts, e.g. 0.95"),
  INCONCLUSIVE("llmh.inconclusive", "how an INCONCLUSIVE case is reported: skip (aborted), fail or pass"),
  CLIENT_WARMUP("llmh.clientWarmup", "most requests sent to a simulator inside the harness before an endpoint's first case, so that the JIT has compiled the request path (it stops sooner once the compiler is quiet), and the per-request bookkeeping on made-up samples; for an https endpoint as many again over TLS to a loopback server of the harness's own; 0 turns both off"),
  PROGRESS("llmh.progress", "true or false: say what long phases do and show a progress line while a case runs"),
  PROGRESS_INTERVAL("llmh.progress.interval", "where the console is not a terminal (CI logs, Surefire): at most one progress line this often"),
  SERVER_COMMAND("llmh.server.command", "a server LLMH starts itself (@Server(command)): its command line, with {port} and {param} placeholders; started once per configuration of the @Param values it names"),
  SERVER_READY("llmh.server.ready", "the path on the started server's root that answers 2xx once it is ready (@Server(ready), default /health)"),
  SERVER_URL("llmh.server.url", "the started server's base URL, with {port} (@Server(url), default http://127.0.0.1:{port}/v1)"),
  SERVER_START_TIMEOUT("llmh.server.startTimeout", "how long a started server may take to be ready (@Server(startTimeout), default 5min)"),
  SERVER_PID("llmh.server.pid", "a local server LLMH did not start: its process id, whose memory and CPU (children included) are sampled as the server's"),
  SERVER_PROCESS("llmh.server.process", "a local server LLMH did not start: its process name (e.g. ollama); every process of that name is sampled, children included, and summed"),
  SERVER_METRICS("llmh.server.metrics", "the server's Prometheus metrics, sampled through each case's measured phase: auto (GET /metrics at the endpoint's root), off, or their URL"),
  SERVER_METRICS_INTERVAL("llmh.server.metrics.interval", "how often the server's /metrics are sampled between the measured phase's first and last look"),
  RESOURCES_INTERVAL("llmh.resources.interval", "how often the serving process's resident memory and CPU (and, with nvidia-smi, the GPUs) are sampled"),
  POWER_WATTS("llmh.power.watts", "declared power draw of the serving machine while it generates, e.g. 90W: energy per token from it only when neither nvidia-smi nor RAPL measures power (recorded as energySource declared)"),
  MEMORY_BANDWIDTH("llmh.hardware.memoryBandwidth", "memory bandwidth of the serving hardware, e.g. 0.9TB/s: the ceiling of the decode-rate physics check (without it, a short probe measures this machine's when the server runs here)"),
  MODEL_BYTES("llmh.model.bytes", "bytes of weights read per generated token, e.g. 4.7GB, where the server does not say (a mixture-of-experts model: its active weights)"),
  COST_CURRENCY("llmh.cost.currency", "currency code of every llmh.cost.* price and of cost_per_mtok budgets"),
  COST_HARDWARE("llmh.cost.hardware", "price of the serving hardware, amortised over llmh.cost.lifetimeYears at llmh.cost.hoursPerDay"),
  COST_LIFETIME_YEARS("llmh.cost.lifetimeYears", "years the hardware serves before it is replaced"),
  COST_HOURS_PER_DAY("llmh.cost.hoursPerDay", "hours a day the hardware is on and serving"),
  COST_POWER_PRICE("llmh.cost.powerPrice", "price of a kWh of electricity"),
  COST_UTILISATION("llmh.cost.utilisation", "share of the serving hours spent generating at the measured throughput, e.g. 50%"),
  COST_PER_HOUR("llmh.cost.perHour", "rented hardware: its price per hour, instead of llmh.cost.hardware (electricity included unless llmh.cost.powerPrice is set)"),
  COST_TRUST_DECLARED("llmh.cost.trustDeclared", "true: budgets on figures from a declared power or price (energy_per_token, cost_per_mtok) are judged PASS or FAIL rather than INCONCLUSIVE"),
  RECORD_TEXT_CHARS("llmh.record.textChars", "most characters of each request's answer, and separately of its reasoning, written to the results file and journal (samples[].text, samples[].reasoning_text; flag text_truncated when cut); 0 writes none. Only the record is bounded: the run keeps each whole"),
  PROMPT_CACHE("llmh.promptCache", "unique or shared: a marker unique to each request at the start of its prompt (the prefix cache cannot help), or a byte-identical system prompt and prompt with the marker at the end (@PromptCache)"),
  JUDGE_ENDPOINT("llmh.judge.endpoint", "base URL of the judge's endpoint (@Judge): replaces @Judge(endpoint); default the endpoint measured"),
  JUDGE_MODEL("llmh.judge.model", "the judge's model (@Judge): replaces @Judge(model)"),
  COMPARE_REFERENCE("llmh.compare.reference", "the reference model of a distribution comparison (@Compare(reference)): kl_divergence and top1_agreement of each case's model against it"),
  COMPARE_ENDPOINT("llmh.compare.endpoint", "base URL of the reference model's OpenAI-compatible endpoint (@Compare(endpoint)); default: the candidate's own"),
  COMPARE_TOP_K("llmh.compare.topK", "log-probabilities asked per token position in a distribution comparison, 1 to 20 (@Compare(topK))"),
  COMPARE_TOKENS("llmh.compare.tokens", "tokens of the reference's greedy answer compared per prompt (@Compare(tokens)); default: the case's max tokens"),
  COMPARE_TEXT("llmh.compare.text", "a calibration text on the test classpath (@Compare(text)): the comparison is over every token of its paragraphs, as llama-perplexity --kl-divergence does, instead of the reference's greedy answer");

  private final String key;
  private final String description;

  ConfigKey(String key, String description) {
    this.key = key;
    this.description = description;
  }

  /** The system property name, e.g. {@code llmh.apiKey}. */
  public String key() {
    return key;
  }

  public String description() {
    return description;
  }

  /** The environment variable: {@code llmh.apiKey} → {@code LLMH_API_KEY}. */
  public String envName() {
    return key.replaceAll("([a-z0-9])([A-Z])", "$1_$2").replace('.', '_').toUpperCase(Locale.ROOT);
  }
}
