package dev.llmh.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ServerOptionsTest {

  @Test
  void valuesAreTypedAsTheyRead() {
    Map<String, Object> options = ServerOptions.parse(
        List.of("num_ctx=8192", "keep_alive=10m", "temperature_last=0.5", "think=false", "stop=[\".\", \"!\"]"));
    assertThat(options).containsExactly(Map.entry("num_ctx", 8192L), Map.entry("keep_alive", "10m"),
        Map.entry("temperature_last", 0.5), Map.entry("think", false), Map.entry("stop", "[\".\", \"!\"]"));
    assertThat(ServerOptions.context(options)).isEqualTo(8192);
    assertThat(ServerOptions.context(Map.of("n_ctx", 4096L))).isEqualTo(4096);
    assertThat(ServerOptions.context(Map.of())).isNull();
  }

  @Test
  void theConfiguredListSplitsOnCommasThatStartAnOption() {
    assertThat(ServerOptions.split("num_ctx=8192, keep_alive=10m,stop=[\".\",\"!\"]"))
        .containsExactly("num_ctx=8192", "keep_alive=10m", "stop=[\".\",\"!\"]");
  }

  @Test
  void malformedOptionsAreNamed() {
    assertThatThrownBy(() -> ServerOptions.parse(List.of("num_ctx"))).hasMessageContaining("'num_ctx' is not key=value");
    assertThatThrownBy(() -> ServerOptions.parse(List.of("=1"))).hasMessageContaining("no valid name");
    assertThatThrownBy(() -> ServerOptions.parse(List.of("a=1", "a=2"))).hasMessageContaining("'a' is given twice");
    assertThatThrownBy(() -> Config.read(key -> key.equals("llmh.options") ? Optional.of("num_ctx") : Optional.empty(), Map.of()))
        .isInstanceOf(ConfigException.class).hasMessageContaining("llmh.options (LLMH_OPTIONS)");
    assertThat(Config.read(key -> key.equals("llmh.options") ? Optional.of("num_ctx=1,a=b") : Optional.empty(), Map.of())
        .requests().options()).contains(List.of("num_ctx=1", "a=b"));
  }
}
