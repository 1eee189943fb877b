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
    Config config = Config.read(key -> key.equals("llmh.endpoint") ? Optional.of("http://prop:2/v1") : Optional.empty(), env);
    assertThat(config.target().endpoint()).contains("http://prop:2/v1");
    assertThat(config.target().models()).containsExactly("env-model");
    assertThat(config.timeouts().read()).isEqualTo(Defaults.READ_TIMEOUT);
    assertThat(config.timeouts().read()).isGreaterThan(Duration.ofSeconds(60));
  }

  @Test
  void severalModelsAreListedInOrderAndAMalformedListFailsWithTheKeyNamed() {
    assertThat(Config.read(key -> Optional.empty(), Map.of()).target().models()).isEmpty();
    assertThat(Config.read(key -> key.equals("llmh.model") ? Optional.of("qwen2.5:7b-q8_0, qwen2.5:7b-q4_K_M") : Optional.empty(),
        Map.of()).target().models()).containsExactly("qwen2.5:7b-q8_0", "qwen2.5:7b-q4_K_M");
    assertThatThrownBy(() -> Config.read(key -> Optional.empty(), Map.of("LLMH_MODEL", "a,,b")))
        .isInstanceOf(ConfigException.class).hasMessageContaining("LLMH_MODEL").hasMessageContaining("empty model name");
    assertThatThrownBy(() -> Config.read(key -> Optional.empty(), Map.of("LLMH_MODEL", "a,b,a")))
        .isInstanceOf(ConfigException.class).hasMessageContaining("llmh.model").hasMessageContaining("names a twice");
  }

  @Test
  void theClientWarmUpIsACountThatZeroTurnsOff() {
    assertThat(Config.read(key -> Optional.empty(),
        Map.of()).requests().clientWarmup()).isEqualTo(Defaults.CLIENT_WARMUP);
    assertThat(Config.read(key -> Optional.empty(), Map.of("LLMH_CLIENT_WARMUP",
        "0")).requests().clientWarmup()).isZero();
    assertThat(Config.read(key -> key.equals("llmh.clientWarmup") ? Optional.of("700") : Optional.empty(),
        Map.of()).requests().clientWarmup())
        .isEqualTo(700);
    assertThatThrownBy(() -> Config.read(key -> Optional.empty(), Map.of("LLMH_CLIENT_WARMUP", "-5")))
        .isInstanceOf(ConfigException.class).hasMessageContaining("LLMH_CLIENT_WARMUP").hasMessageContaining("0 or more, was '-5'");
    assertThatThrownBy(() -> Config.read(key -> Optional.empty(), Map.of("LLMH_CLIENT_WARMUP", "lots")))
        .isInstanceOf(ConfigException.class).hasMessageContaining("was 'lots'");
  }

  @Test
  void theRecordedTextIsBoundedByAWholeNumberOfCharacters() {
    assertThat(Defaults.RECORD_TEXT_CHARS).isEqualTo(4_000);
    assertThat(Config.read(key -> Optional.empty(), Map.of()).output().recordTextChars()).isEqualTo(4_000);
    assertThat(ConfigKey.RECORD_TEXT_CHARS.key()).isEqualTo("llmh.record.textChars");
    assertThat(ConfigKey.RECORD_TEXT_CHARS.envName()).isEqualTo("LLMH_RECORD_TEXT_CHARS");
    assertThat(Config.read(key -> key.equals("llmh.record.textChars") ? Optional.of("120") : Optional.empty(),
        Map.of("LLMH_RECORD_TEXT_CHARS", "7")).output().recordTextChars()).isEqualTo(120);
    assertThat(Config.read(key -> Optional.empty(), Map.of("LLMH_RECORD_TEXT_CHARS",
        "0")).output().recordTextChars()).isZero();
    for (String bad : new String[] {"-1", "1.5", "lots", "4e3", "2147483648"}) {
      assertThatThrownBy(() -> Config.read(key -> Optional.empty(), Map.of("LLMH_RECORD_TEXT_CHARS", bad)))
          .as(bad).isInstanceOf(ConfigException.class).hasMessageContaining("llmh.record.textChars")
          .hasMessageContaining("'" + bad + "'");
    }
  }

  @Test
  void apiKeyIsHiddenWhenPrinted() {
    Config config = Config.read(key -> Optional.empty(), Map.of("LLMH_API_KEY", "sk-secret-123"));
    assertThat(config.target().apiKey()).hasValueSatisfying(k -> assertThat(k.value()).isEqualTo("sk-secret-123"));
    assertThat(config.toString()).doesNotContain("sk-secret-123");
  }

  @Test
  void badValuesFailWithTheKeyNamed() {
    assertThatThrownBy(() -> Config.read(key -> key.equals("llmh.timeout.read") ? Optional.of("5 minutes") : Optional.empty(), Map.of()))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("llmh.timeout.read")
        .hasMessageContaining("30s");
    assertThatThrownBy(() -> Config.read(key -> Optional.empty(), Map.of("LLMH_EMBEDDED_SLOTS", "1.5")))
        .hasMessageContaining("LLMH_EMBEDDED_SLOTS");
    assertThat(Config.read(key -> key.equals("llmh.timeout.read") ? Optional.of("90s") : Optional.empty(),
        Map.of()).timeouts().read())
        .isEqualTo(Duration.ofSeconds(90));
  }

  @Test
  void theKeyCanComeFromAFileAndNeverFromTwoPlaces(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
    java.nio.file.Path file = dir.resolve("key.txt");
    java.nio.file.Files.writeString(file, "\n  sk-from-file-42  \n");
    Config config = Config.read(key -> key.equals("llmh.apiKeyFile") ? Optional.of(file.toString()) : Optional.empty(), Map.of());
    assertThat(config.target().apiKey()).hasValueSatisfying(k -> assertThat(k.value()).isEqualTo("sk-from-file-42"));

    assertThatThrownBy(() -> Config.read(
        key -> key.equals("llmh.apiKeyFile") ? Optional.of(file.toString()) : Optional.empty(), Map.of("LLMH_API_KEY", "sk-env")))
        .isInstanceOf(ConfigException.class).hasMessageContaining("keep one").hasMessageNotContaining("sk-");
    assertThatThrownBy(() -> Config.read(
        key -> key.equals("llmh.apiKeyFile") ? Optional.of(dir.resolve("missing").toString()) : Optional.empty(), Map.of()))
        .isInstanceOf(ConfigException.class).hasMessageContaining("llmh.apiKeyFile").hasMessageContaining("cannot be read");
  }

  @Test
  void userInfoInTheEndpointIsKeptApartFromTheUrlShown() {
    Config config = Config.read(key -> Optional.empty(), Map.of("LLMH_ENDPOINT", "http://ann:p%40ss-word@gpu-box:8000/v1"));
    assertThat(config.target().endpoint()).contains("http://gpu-box:8000/v1");
    assertThat(config.target().userInfo()).hasValueSatisfying(u -> assertThat(u.value()).isEqualTo("ann:p@ss-word"));
    assertThat(config.toString()).doesNotContain("p@ss").doesNotContain("p%40ss");
    // An unescaped @ in the password still splits at the last @ before the host.
    assertThat(EndpointUrl.parse("https://u:a@b@host/v1").shown()).isEqualTo("https://host/v1");
    assertThat(EndpointUrl.parse("embedded").userInfo()).isEmpty();

    assertThatThrownBy(() -> Config.read(key -> Optional.empty(),
        Map.of("LLMH_ENDPOINT", "http://ann:pw-secret@gpu-box:8000/v1", "LLMH_API_KEY", "sk-secret")))
        .isInstanceOf(ConfigException.class).hasMessageContaining("keep one")
        .hasMessageNotContaining("pw-secret").hasMessageNotContaining("sk-secret");
  }

  @Test
  void requestAndCaseTimeoutsHaveDefaultsAndKeys() {
    Config defaults = Config.read(key -> Optional.empty(), Map.of());
    assertThat(defaults.timeouts().request()).isEqualTo(Defaults.REQUEST_TIMEOUT).isGreaterThan(defaults.timeouts().firstToken());
    assertThat(defaults.timeouts().caseTimeout()).isEqualTo(Defaults.CASE_TIMEOUT);
    Config set = Config.read(key -> Optional.empty(), Map.of("LLMH_TIMEOUT_REQUEST", "90s", "LLMH_TIMEOUT_CASE", "5min"));
    assertThat(set.timeouts().request()).isEqualTo(Duration.ofSeconds(90));
    assertThat(set.timeouts().caseTimeout()).isEqualTo(Duration.ofMinutes(5));
  }

  @Test
  void progressIsOnByDefaultAndTurnsOffByPropertyOrEnvironment() {
    Config defaults = Config.read(key -> Optional.empty(), Map.of());
    assertThat(defaults.output().progress()).isEqualTo(new Config.Progress(true, Duration.ofSeconds(10)));
    assertThat(Config.read(key -> Optional.empty(), Map.of("LLMH_PROGRESS",
        "false")).output().progress().enabled()).isFalse();
    Config set = Config.read(
        key -> key.equals("llmh.progress") ? Optional.of("FALSE") : key.equals("llmh.progress.interval") ? Optional.of("1min") : Optional.empty(),
        Map.of("LLMH_PROGRESS", "true"));
    assertThat(set.output().progress()).isEqualTo(new Config.Progress(false, Duration.ofMinutes(1)));
    assertThat(ConfigKey.PROGRESS_INTERVAL.envName()).isEqualTo("LLMH_PROGRESS_INTERVAL");
    assertThatThrownBy(() -> Config.read(key -> Optional.empty(), Map.of("LLMH_PROGRESS", "off")))
        .isInstanceOf(ConfigException.class).hasMessageContaining("LLMH_PROGRESS").hasMessageContaining("true, false");
  }

  @Test
  void theResourcesIntervalIs250msByDefaultAndADurationAboveZero() {
    assertThat(Config.read(key -> Optional.empty(),
        Map.of()).servers().sampling().interval()).isEqualTo(Duration.ofMillis(250));
    Config set = Config.read(key -> key.equals("llmh.resources.interval") ? Optional.of("1s") : Optional.empty(),
        Map.of("LLMH_RESOURCES_INTERVAL", "100ms"));
    assertThat(set.servers().sampling().interval()).isEqualTo(Duration.ofSeconds(1));
    assertThat(Config.read(key -> Optional.empty(), Map.of("LLMH_RESOURCES_INTERVAL",
        "100ms")).servers().sampling().interval())
        .isEqualTo(Duration.ofMillis(100));
    assertThatThrownBy(() -> Config.read(key -> Optional.empty(), Map.of("LLMH_RESOURCES_INTERVAL", "250")))
        .isInstanceOf(ConfigException.class).hasMessageContaining("llmh.resources.interval").hasMessageContaining("not a duration");
    assertThatThrownBy(() -> Config.read(key -> Optional.empty(), Map.of("LLMH_RESOURCES_INTERVAL", "0ms")))
        .isInstanceOf(ConfigException.class).hasMessageContaining("above zero");
  }

  @Test
  void aLocalServerIsNamedByPidOrByProcessNameNotBoth() {
    Config.ServerSampling none = Config.read(key -> Optional.empty(), Map.of()).servers().sampling();
    assertThat(none.pid()).isEmpty();
    assertThat(none.process()).isEmpty();
    assertThat(Config.read(key -> Optional.empty(), Map.of("LLMH_SERVER_PID",
        "4242")).servers().sampling().pid()).contains(4242L);
    assertThat(Config.read(key -> key.equals("llmh.server.process") ? Optional.of(" ollama ") : Optional.empty(), Map.of())
        .servers().sampling().process()).contains("ollama");
    assertThatThrownBy(() -> Config.read(key -> Optional.empty(), Map.of("LLMH_SERVER_PID", "ollama")))
        .isInstanceOf(ConfigException.class).hasMessageContaining("llmh.server.pid").hasMessageContaining("not a number");
    assertThatThrownBy(() -> Config.read(key -> Optional.empty(), Map.of("LLMH_SERVER_PID", "1", "LLMH_SERVER_PROCESS", "ollama")))
        .isInstanceOf(ConfigException.class).hasMessageContaining("keep one");
  }

  @Test
  void thePromptCacheModeIsUniqueOrSharedInAnyCaseAndUndeclaredByDefault() {
    assertThat(Config.read(key -> Optional.empty(), Map.of()).requests().promptCache()).isEmpty();
    assertThat(Config.read(key -> Optional.empty(), Map.of("LLMH_PROMPT_CACHE", "SHARED")).requests().promptCache())
        .contains(dev.llmh.annotations.PromptCache.Mode.SHARED);
    assertThat(Config.read(key -> key.equals("llmh.promptCache") ? Optional.of("unique") : Optional.empty(),
        Map.of("LLMH_PROMPT_CACHE",
            "shared")).requests().promptCache()).contains(dev.llmh.annotations.PromptCache.Mode.UNIQUE);
    assertThatThrownBy(() -> Config.read(key -> Optional.empty(), Map.of("LLMH_PROMPT_CACHE", "cached")))
        .isInstanceOf(ConfigException.class).hasMessageContaining("llmh.promptCache").hasMessageContaining("unique, shared");
  }

  @Test
  void deploymentFactsAreReadInTheirUnitsAndNothingIsDeclaredByDefault() {
    DeploymentFacts none = Config.read(key -> Optional.empty(), Map.of()).servers().deployment();
    assertThat(none).isEqualTo(DeploymentFacts.NONE);
    assertThat(none.currencyOrDefault()).isEqualTo("USD");
    DeploymentFacts facts = Config.read(key -> Optional.empty(), Map.of(
        "LLMH_POWER_WATTS", "0.2kW", "LLMH_HARDWARE_MEMORY_BANDWIDTH", "0.9TB/s", "LLMH_MODEL_BYTES",
            "4.7GB")).servers().deployment();
    assertThat(facts.powerWatts()).isEqualTo(200.0);
    assertThat(facts.memoryBandwidth()).isEqualTo(0.9e12);
    assertThat(facts.modelBytes()).isEqualTo(4_700_000_000L);
    assertThat(Config.read(key -> Optional.empty(), Map.of("LLMH_MODEL_BYTES",
        "4GiB")).servers().deployment().modelBytes())
        .isEqualTo(4L << 30);
    assertThat(Config.read(key -> Optional.empty(), Map.of("LLMH_POWER_WATTS",
        "90")).servers().deployment().powerWatts()).isEqualTo(90.0);
    assertThatThrownBy(() -> Config.read(key -> Optional.empty(), Map.of("LLMH_HARDWARE_MEMORY_BANDWIDTH", "100GB")))
        .isInstanceOf(ConfigException.class).hasMessageContaining("llmh.hardware.memoryBandwidth").hasMessageContaining("100GB/s");
    assertThatThrownBy(() -> Config.read(key -> Optional.empty(), Map.of("LLMH_POWER_WATTS", "90J")))
        .isInstanceOf(ConfigException.class).hasMessageContaining("llmh.power.watts").hasMessageContaining("not a power");
    assertThatThrownBy(() -> Config.read(key -> Optional.empty(), Map.of("LLMH_MODEL_BYTES", "0GB")))
        .isInstanceOf(ConfigException.class).hasMessageContaining("above zero");
  }

  @Test
  void costIsOwnedOrRentedHardwareWithEveryPriceInTheConfiguredCurrency() {
    DeploymentFacts.Cost owned = Config.read(key -> Optional.empty(), Map.of("LLMH_COST_HARDWARE", "600USD",
        "LLMH_COST_LIFETIME_YEARS", "3", "LLMH_COST_HOURS_PER_DAY", "4", "LLMH_COST_POWER_PRICE", "0.30",
        "LLMH_COST_UTILISATION", "50%")).servers().deployment().cost();
    assertThat(owned).isEqualTo(new DeploymentFacts.Cost(600.0, 3.0, 4.0, 0.30, 50.0, null));
    assertThat(owned.problem()).isNull();
    DeploymentFacts eur = Config.read(key -> Optional.empty(), Map.of("LLMH_COST_CURRENCY", "eur", "LLMH_COST_PER_HOUR", "1.2"))
        .servers().deployment();
    assertThat(eur.currency()).isEqualTo("EUR");
    assertThat(eur.cost().rented()).isTrue();
    assertThat(eur.cost().utilisation()).isEqualTo(100);
    // incomplete or contradictory prices are found once merged with @Cost (the planner asks)
    assertThat(Config.read(key -> Optional.empty(), Map.of("LLMH_COST_HARDWARE",
        "600")).servers().deployment().cost().problem())
        .contains("missing: llmh.cost.lifetimeYears, llmh.cost.hoursPerDay, llmh.cost.powerPrice");
    assertThat(Config.read(key -> Optional.empty(), Map.of("LLMH_COST_PER_HOUR", "1", "LLMH_COST_HARDWARE", "600"))
        .servers().deployment().cost().problem()).contains("keep one");
    DeploymentFacts.Cost annotated = new DeploymentFacts.Cost(600.0, 3.0, 4.0, 0.30, null, null);
    DeploymentFacts merged = new DeploymentFacts("USD", 200.0, null, null, annotated, null)
        .under(Config.read(key -> Optional.empty(), Map.of("LLMH_COST_UTILISATION", "25%", "LLMH_POWER_WATTS",
            "90")).servers().deployment());
    assertThat(merged.cost()).isEqualTo(new DeploymentFacts.Cost(600.0, 3.0, 4.0, 0.30, 25.0, null));
    assertThat(merged.powerWatts()).isEqualTo(90.0);
    assertThatThrownBy(() -> Config.read(key -> Optional.empty(), Map.of("LLMH_COST_PER_HOUR", "1EUR")))
        .isInstanceOf(ConfigException.class).hasMessageContaining("is in EUR but prices are in USD");
    assertThatThrownBy(() -> Config.read(key -> Optional.empty(), Map.of("LLMH_COST_PER_HOUR", "1", "LLMH_COST_UTILISATION", "0.5")))
        .isInstanceOf(ConfigException.class).hasMessageContaining("needs its % sign");
    assertThatThrownBy(() -> Config.read(key -> Optional.empty(), Map.of("LLMH_COST_CURRENCY", "dollars")))
        .isInstanceOf(ConfigException.class).hasMessageContaining("not a currency code");
  }

  @Test
  void trustDeclaredIsAKeyThatOverridesTheAnnotationAndRefusesAnythingButTrueOrFalse() {
    DeploymentFacts annotated = new DeploymentFacts(null, 65.0, null, null, null, true);
    assertThat(annotated.under(Config.read(key -> Optional.empty(),
        Map.of()).servers().deployment()).declaredTrusted()).isTrue();
    DeploymentFacts configured = Config.read(key -> Optional.empty(), Map.of("LLMH_COST_TRUST_DECLARED",
        "false")).servers().deployment();
    assertThat(configured.trustDeclared()).isFalse();
    assertThat(annotated.under(configured).declaredTrusted()).isFalse();
    assertThat(DeploymentFacts.NONE.declaredTrusted()).isFalse();
    assertThatThrownBy(() -> Config.read(key -> Optional.empty(), Map.of("LLMH_COST_TRUST_DECLARED", "yes")))
        .isInstanceOf(ConfigException.class).hasMessageContaining("llmh.cost.trustDeclared");
  }
}
