package dev.llmh.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ConfigTest {

  @Test
  void environmentNamesFollowTheKeys() {
    assertThat(ConfigKey.API_KEY.envName()).isEqualTo("LLMH_API_KEY");
    assertThat(ConfigKey.ENDPOINT.envName()).isEqualTo("LLMH_ENDPOINT");
    assertThat(ConfigKey.READ_TIMEOUT.envName()).isEqualTo("LLMH_TIMEOUT_READ");
    assertThat(ConfigKey.SIMULATED_PREFILL_RATE.envName()).isEqualTo("LLMH_SIMULATED_PREFILL_RATE");
    assertThat(ConfigKey.EMBEDDED_SLOT_CONTEXT.envName()).isEqualTo("LLMH_EMBEDDED_SLOT_CONTEXT");
  }

  @Test
  void propertiesBeatEnvironmentWhichBeatsDefaults() {
    Map<String, String> env = Map.of("LLMH_ENDPOINT", "http://env:1/v1", "LLMH_MODEL", "env-model");
    Config config = withProperty("llmh.endpoint", "http://prop:2/v1", env);
    assertThat(config.target().endpoint()).contains("http://prop:2/v1");
    assertThat(config.target().models()).containsExactly("env-model");
    assertThat(config.timeouts().read()).isEqualTo(Defaults.READ_TIMEOUT);
    assertThat(config.timeouts().read()).isGreaterThan(Duration.ofSeconds(60));
  }

  @Test
  void severalModelsAreListedInOrderAndAMalformedListFailsWithTheKeyNamed() {
    assertThat(fromEnv(Map.of()).target().models()).isEmpty();
    assertThat(withProperty("llmh.model", "qwen2.5:7b-q8_0, qwen2.5:7b-q4_K_M", Map.of()).target().models())
        .containsExactly("qwen2.5:7b-q8_0", "qwen2.5:7b-q4_K_M");
    assertRefused(Map.of("LLMH_MODEL", "a,,b"), "LLMH_MODEL", "empty model name");
    assertRefused(Map.of("LLMH_MODEL", "a,b,a"), "llmh.model", "names a twice");
  }

  @Test
  void theClientWarmUpIsACountThatZeroTurnsOff() {
    assertThat(fromEnv(Map.of()).requests().clientWarmup()).isEqualTo(Defaults.CLIENT_WARMUP);
    assertThat(fromEnv(Map.of("LLMH_CLIENT_WARMUP", "0")).requests().clientWarmup()).isZero();
    assertThat(withProperty("llmh.clientWarmup", "700", Map.of()).requests().clientWarmup())
        .isEqualTo(700);
    assertRefused(Map.of("LLMH_CLIENT_WARMUP", "-5"), "LLMH_CLIENT_WARMUP", "0 or more, was '-5'");
    assertRefused(Map.of("LLMH_CLIENT_WARMUP", "lots"), "was 'lots'");
  }

  @Test
  void theRecordedTextIsBoundedByAWholeNumberOfCharacters() {
    assertThat(Defaults.RECORD_TEXT_CHARS).isEqualTo(4_000);
    assertThat(fromEnv(Map.of()).output().recordTextChars()).isEqualTo(4_000);
    assertThat(ConfigKey.RECORD_TEXT_CHARS.key()).isEqualTo("llmh.record.textChars");
    assertThat(ConfigKey.RECORD_TEXT_CHARS.envName()).isEqualTo("LLMH_RECORD_TEXT_CHARS");
    assertThat(withProperty("llmh.record.textChars", "120", Map.of("LLMH_RECORD_TEXT_CHARS", "7")).output().recordTextChars())
        .isEqualTo(120);
    assertThat(fromEnv(Map.of("LLMH_RECORD_TEXT_CHARS", "0")).output().recordTextChars()).isZero();
    for (String bad : new String[] {"-1", "1.5", "lots", "4e3", "2147483648"}) {
      assertThatThrownBy(() -> fromEnv(Map.of("LLMH_RECORD_TEXT_CHARS", bad)))
          .as(bad).isInstanceOf(ConfigException.class).hasMessageContaining("llmh.record.textChars")
          .hasMessageContaining("'" + bad + "'");
    }
  }

  @Test
  void apiKeyIsHiddenWhenPrinted() {
    Config config = fromEnv(Map.of("LLMH_API_KEY", "sk-secret-123"));
    assertThat(config.target().apiKey()).hasValueSatisfying(k -> assertThat(k.value()).isEqualTo("sk-secret-123"));
    assertThat(config.toString()).doesNotContain("sk-secret-123");
  }

  @Test
  void badValuesFailWithTheKeyNamed() {
    assertThatThrownBy(() -> withProperty("llmh.timeout.read", "5 minutes", Map.of()))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("llmh.timeout.read")
        .hasMessageContaining("30s");
    assertThatThrownBy(() -> fromEnv(Map.of("LLMH_EMBEDDED_SLOTS", "1.5")))
        .hasMessageContaining("LLMH_EMBEDDED_SLOTS");
    assertThat(withProperty("llmh.timeout.read", "90s", Map.of()).timeouts().read())
        .isEqualTo(Duration.ofSeconds(90));
  }

  @Test
  void theKeyCanComeFromAFileAndNeverFromTwoPlaces(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
    java.nio.file.Path file = dir.resolve("key.txt");
    java.nio.file.Files.writeString(file, "\n  sk-from-file-42  \n");
    Config config = withProperty("llmh.apiKeyFile", file.toString(), Map.of());
    assertThat(config.target().apiKey()).hasValueSatisfying(k -> assertThat(k.value()).isEqualTo("sk-from-file-42"));

    assertThatThrownBy(() -> withProperty("llmh.apiKeyFile", file.toString(), Map.of("LLMH_API_KEY", "sk-env")))
        .isInstanceOf(ConfigException.class).hasMessageContaining("keep one").hasMessageNotContaining("sk-");
    assertThatThrownBy(() -> withProperty("llmh.apiKeyFile", dir.resolve("missing").toString(), Map.of()))
        .isInstanceOf(ConfigException.class).hasMessageContaining("llmh.apiKeyFile").hasMessageContaining("cannot be read");
  }

  @Test
  void theTlsTrustIsAReadableFileAndTheProxyAnHttpHostAndPort(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
      throws Exception {
    java.nio.file.Path pem = java.nio.file.Files.writeString(dir.resolve("server.pem"), "-----BEGIN CERTIFICATE-----\n");
    assertThat(withProperty("llmh.tls.trust", pem.toString(), Map.of()).target().tlsTrust()).contains(pem);
    assertThat(fromEnv(Map.of("LLMH_PROXY", "proxy.example.com:3128")).target().proxy())
        .contains(java.net.URI.create("http://proxy.example.com:3128"));
    assertThat(fromEnv(Map.of()).target().tlsTrust()).isEmpty();
    assertThat(fromEnv(Map.of()).target().proxy()).isEmpty();

    assertThatThrownBy(() -> withProperty("llmh.tls.trust", dir.resolve("missing.pem").toString(), Map.of()))
        .isInstanceOf(ConfigException.class).hasMessageContaining("llmh.tls.trust").hasMessageContaining("not a readable file");
    assertThatThrownBy(() -> withProperty("llmh.tls.trust", dir.toString(), Map.of()))
        .isInstanceOf(ConfigException.class).hasMessageContaining("not a readable file");
    for (String bad : new String[] {"socks5://proxy:1080", "http://proxy", "http://proxy:3128/path", "::"}) {
      assertThatThrownBy(() -> withProperty("llmh.proxy", bad, Map.of())).as(bad)
          .isInstanceOf(ConfigException.class).hasMessageContaining("llmh.proxy").hasMessageContaining("http://host:port");
    }
  }

  @Test
  void userInfoInTheEndpointIsKeptApartFromTheUrlShown() {
    Config config = fromEnv(Map.of("LLMH_ENDPOINT", "http://ann:p%40ss-word@gpu-box:8000/v1"));
    assertThat(config.target().endpoint()).contains("http://gpu-box:8000/v1");
    assertThat(config.target().userInfo()).hasValueSatisfying(u -> assertThat(u.value()).isEqualTo("ann:p@ss-word"));
    assertThat(config.toString()).doesNotContain("p@ss").doesNotContain("p%40ss");
    // An unescaped @ in the password still splits at the last @ before the host.
    assertThat(EndpointUrl.parse("https://u:a@b@host/v1").shown()).isEqualTo("https://host/v1");
    assertThat(EndpointUrl.parse("embedded").userInfo()).isEmpty();

    assertThatThrownBy(() -> fromEnv(
        Map.of("LLMH_ENDPOINT", "http://ann:pw-secret@gpu-box:8000/v1", "LLMH_API_KEY", "sk-secret")))
        .isInstanceOf(ConfigException.class).hasMessageContaining("keep one")
        .hasMessageNotContaining("pw-secret").hasMessageNotContaining("sk-secret");
  }

  @Test
  void requestAndCaseTimeoutsHaveDefaultsAndKeys() {
    Config defaults = fromEnv(Map.of());
    assertThat(defaults.timeouts().request()).isEqualTo(Defaults.REQUEST_TIMEOUT).isGreaterThan(defaults.timeouts().firstToken());
    assertThat(defaults.timeouts().caseTimeout()).isEqualTo(Defaults.CASE_TIMEOUT);
    Config set = fromEnv(Map.of("LLMH_TIMEOUT_REQUEST", "90s", "LLMH_TIMEOUT_CASE", "5min"));
    assertThat(set.timeouts().request()).isEqualTo(Duration.ofSeconds(90));
    assertThat(set.timeouts().caseTimeout()).isEqualTo(Duration.ofMinutes(5));
  }

  @Test
  void progressIsOnByDefaultAndTurnsOffByPropertyOrEnvironment() {
    Config defaults = fromEnv(Map.of());
    assertThat(defaults.output().progress()).isEqualTo(new Config.Progress(true, Duration.ofSeconds(10)));
    assertThat(fromEnv(Map.of("LLMH_PROGRESS", "false")).output().progress().enabled()).isFalse();
    Config set = Config.read(
        key -> key.equals("llmh.progress") ? Optional.of("FALSE") : key.equals("llmh.progress.interval") ? Optional.of("1min") : Optional.empty(),
        Map.of("LLMH_PROGRESS", "true"));
    assertThat(set.output().progress()).isEqualTo(new Config.Progress(false, Duration.ofMinutes(1)));
    assertThat(ConfigKey.PROGRESS_INTERVAL.envName()).isEqualTo("LLMH_PROGRESS_INTERVAL");
    assertRefused(Map.of("LLMH_PROGRESS", "off"), "LLMH_PROGRESS", "true, false");
  }

  @Test
  void theResourcesIntervalIs250msByDefaultAndADurationAboveZero() {
    assertThat(fromEnv(Map.of()).servers().sampling().interval()).isEqualTo(Duration.ofMillis(250));
    Config set = withProperty("llmh.resources.interval", "1s", Map.of("LLMH_RESOURCES_INTERVAL", "100ms"));
    assertThat(set.servers().sampling().interval()).isEqualTo(Duration.ofSeconds(1));
    assertThat(fromEnv(Map.of("LLMH_RESOURCES_INTERVAL", "100ms")).servers().sampling().interval())
        .isEqualTo(Duration.ofMillis(100));
    assertRefused(Map.of("LLMH_RESOURCES_INTERVAL", "250"), "llmh.resources.interval", "not a duration");
    assertRefused(Map.of("LLMH_RESOURCES_INTERVAL", "0ms"), "above zero");
  }

  @Test
  void aLocalServerIsNamedByPidOrByProcessNameNotBoth() {
    Config.ServerSampling none = fromEnv(Map.of()).servers().sampling();
    assertThat(none.pid()).isEmpty();
    assertThat(none.process()).isEmpty();
    assertThat(fromEnv(Map.of("LLMH_SERVER_PID", "4242")).servers().sampling().pid()).contains(4242L);
    assertThat(withProperty("llmh.server.process", " ollama ", Map.of())
        .servers().sampling().process()).contains("ollama");
    assertRefused(Map.of("LLMH_SERVER_PID", "ollama"), "llmh.server.pid", "not a number");
    assertRefused(Map.of("LLMH_SERVER_PID", "1", "LLMH_SERVER_PROCESS", "ollama"), "keep one");
  }

  @Test
  void thePromptCacheModeIsUniqueOrSharedInAnyCaseAndUndeclaredByDefault() {
    assertThat(fromEnv(Map.of()).requests().promptCache()).isEmpty();
    assertThat(fromEnv(Map.of("LLMH_PROMPT_CACHE", "SHARED")).requests().promptCache())
        .contains(dev.llmh.annotations.PromptCache.Mode.SHARED);
    assertThat(withProperty("llmh.promptCache", "unique", Map.of("LLMH_PROMPT_CACHE", "shared")).requests().promptCache())
        .contains(dev.llmh.annotations.PromptCache.Mode.UNIQUE);
    assertRefused(Map.of("LLMH_PROMPT_CACHE", "cached"), "llmh.promptCache", "unique, shared");
  }

  @Test
  void deploymentFactsAreReadInTheirUnitsAndNothingIsDeclaredByDefault() {
    DeploymentFacts none = fromEnv(Map.of()).servers().deployment();
    assertThat(none).isEqualTo(DeploymentFacts.NONE);
    assertThat(none.currencyOrDefault()).isEqualTo("USD");
    DeploymentFacts facts = fromEnv(Map.of(
        "LLMH_POWER_WATTS", "0.2kW", "LLMH_HARDWARE_MEMORY_BANDWIDTH", "0.9TB/s", "LLMH_MODEL_BYTES",
            "4.7GB")).servers().deployment();
    assertThat(facts.powerWatts()).isEqualTo(200.0);
    assertThat(facts.memoryBandwidth()).isEqualTo(0.9e12);
    assertThat(facts.modelBytes()).isEqualTo(4_700_000_000L);
    assertThat(fromEnv(Map.of("LLMH_MODEL_BYTES", "4GiB")).servers().deployment().modelBytes())
        .isEqualTo(4L << 30);
    assertThat(fromEnv(Map.of("LLMH_POWER_WATTS", "90")).servers().deployment().powerWatts()).isEqualTo(90.0);
    assertRefused(Map.of("LLMH_HARDWARE_MEMORY_BANDWIDTH", "100GB"), "llmh.hardware.memoryBandwidth", "100GB/s");
    assertRefused(Map.of("LLMH_POWER_WATTS", "90J"), "llmh.power.watts", "not a power");
    assertRefused(Map.of("LLMH_MODEL_BYTES", "0GB"), "above zero");
  }

  @Test
  void costIsOwnedOrRentedHardwareWithEveryPriceInTheConfiguredCurrency() {
    DeploymentFacts.Cost owned = fromEnv(Map.of("LLMH_COST_HARDWARE", "600USD",
        "LLMH_COST_LIFETIME_YEARS", "3", "LLMH_COST_HOURS_PER_DAY", "4", "LLMH_COST_POWER_PRICE", "0.30",
        "LLMH_COST_UTILISATION", "50%")).servers().deployment().cost();
    assertThat(owned).isEqualTo(new DeploymentFacts.Cost(600.0, 3.0, 4.0, 0.30, 50.0, null));
    assertThat(owned.problem()).isNull();
    DeploymentFacts eur = fromEnv(Map.of("LLMH_COST_CURRENCY", "eur", "LLMH_COST_PER_HOUR", "1.2"))
        .servers().deployment();
    assertThat(eur.currency()).isEqualTo("EUR");
    assertThat(eur.cost().rented()).isTrue();
    assertThat(eur.cost().utilisation()).isEqualTo(100);
    // incomplete or contradictory prices are found once merged with @Cost (the planner asks)
    assertThat(fromEnv(Map.of("LLMH_COST_HARDWARE", "600")).servers().deployment().cost().problem())
        .contains("missing: llmh.cost.lifetimeYears, llmh.cost.hoursPerDay, llmh.cost.powerPrice");
    assertThat(fromEnv(Map.of("LLMH_COST_PER_HOUR", "1", "LLMH_COST_HARDWARE", "600"))
        .servers().deployment().cost().problem()).contains("keep one");
    DeploymentFacts.Cost annotated = new DeploymentFacts.Cost(600.0, 3.0, 4.0, 0.30, null, null);
    DeploymentFacts merged = new DeploymentFacts("USD", 200.0, null, null, annotated, null)
        .under(fromEnv(Map.of("LLMH_COST_UTILISATION", "25%", "LLMH_POWER_WATTS",
            "90")).servers().deployment());
    assertThat(merged.cost()).isEqualTo(new DeploymentFacts.Cost(600.0, 3.0, 4.0, 0.30, 25.0, null));
    assertThat(merged.powerWatts()).isEqualTo(90.0);
    assertRefused(Map.of("LLMH_COST_PER_HOUR", "1EUR"), "is in EUR but prices are in USD");
    assertRefused(Map.of("LLMH_COST_PER_HOUR", "1", "LLMH_COST_UTILISATION", "0.5"), "needs its % sign");
    assertRefused(Map.of("LLMH_COST_CURRENCY", "dollars"), "not a currency code");
  }

  @Test
  void trustDeclaredIsAKeyThatOverridesTheAnnotationAndRefusesAnythingButTrueOrFalse() {
    DeploymentFacts annotated = new DeploymentFacts(null, 65.0, null, null, null, true);
    assertThat(annotated.under(fromEnv(Map.of()).servers().deployment()).declaredTrusted()).isTrue();
    DeploymentFacts configured = fromEnv(Map.of("LLMH_COST_TRUST_DECLARED", "false")).servers().deployment();
    assertThat(configured.trustDeclared()).isFalse();
    assertThat(annotated.under(configured).declaredTrusted()).isFalse();
    assertThat(DeploymentFacts.NONE.declaredTrusted()).isFalse();
    assertRefused(Map.of("LLMH_COST_TRUST_DECLARED", "yes"), "llmh.cost.trustDeclared");
  }

  /** Configuration read from {@code env} alone, with no system properties. */
  private static Config fromEnv(Map<String, String> env) {
    return Config.read(key -> Optional.empty(), env);
  }

  /** Configuration read with the one system property {@code property=value} over {@code env}. */
  private static Config withProperty(String property, String value, Map<String, String> env) {
    return Config.read(key -> key.equals(property) ? Optional.of(value) : Optional.empty(), env);
  }

  /** Reading {@code env} fails with a {@link ConfigException} whose message contains each of {@code parts}. */
  private static void assertRefused(Map<String, String> env, String... parts) {
    var thrown = assertThatThrownBy(() -> fromEnv(env)).isInstanceOf(ConfigException.class);
    for (String part : parts) {
      thrown.hasMessageContaining(part);
    }
  }
}
