package dev.llmh.judge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmh.config.Api;
import dev.llmh.config.Config;
import dev.llmh.config.ConfigException;
import dev.llmh.config.JudgeConfig;
import dev.llmh.plan.CasePlan;
import dev.llmh.runner.JudgeDeclaration;
import dev.llmh.runner.ParamDeclaration;
import dev.llmh.runner.PromptDeclaration;
import dev.llmh.runner.ScenarioRunner;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Where the judge is asked: system property > environment > {@code @Judge} > the endpoint measured and its own model. */
class JudgeSetupTest {

  @Test
  void configurationOverridesTheAnnotationWhichOverridesTheDefault() {
    CasePlan measured = plan(new JudgeDeclaration("qwen2.5:14b-instruct", "r", null, 100), "http://gpu:8000/v1", Api.OPENAI_CHAT);
    assertThat(JudgeSetup.of(measured, JudgeConfig.NONE))
        .isEqualTo(new JudgeSetup("http://gpu:8000/v1", Api.OPENAI_CHAT, "qwen2.5:14b-instruct", "r", 100, null));
    CasePlan elsewhere = plan(new JudgeDeclaration(null, "r", "http://judge:11434", 256), "http://gpu:8000/v1", Api.OPENAI_CHAT);
    assertThat(JudgeSetup.of(elsewhere, JudgeConfig.NONE))
        .isEqualTo(new JudgeSetup("http://judge:11434", Api.OLLAMA_CHAT, null, "r", 256, null));
    JudgeConfig configured = new JudgeConfig(Optional.of("http://other:9/v1"), Optional.of("llama3.3:70b"));
    assertThat(JudgeSetup.of(elsewhere, configured))
        .isEqualTo(new JudgeSetup("http://other:9/v1", Api.OPENAI_CHAT, "llama3.3:70b", "r", 256, null));
  }

  @Test
  void onTheEmbeddedServerAModelItDoesNotServeIsItsDefaultAndTheRecordSaysSo() {
    JudgeSetup replaced =
        JudgeSetup.of(plan(new JudgeDeclaration("qwen2.5:14b-instruct", "r", null, 256), "embedded", Api.OPENAI_CHAT), JudgeConfig.NONE);
    assertThat(replaced.model()).isNull();
    assertThat(replaced.warning())
        .isEqualTo("the embedded server does not serve 'qwen2.5:14b-instruct': its default model judged instead");
    assertThat(JudgeScores.record(replaced, 1, List.of("c"), List.of(), List.of(), 0.95).warning()).isEqualTo(replaced.warning());
    JudgeSetup served = JudgeSetup.of(plan(new JudgeDeclaration("tiny", "r", null, 256), "embedded", Api.OPENAI_CHAT), JudgeConfig.NONE);
    assertThat(served.model()).isEqualTo("llmh-tiny");
    assertThat(served.warning()).isNull();
  }

  @Test
  void aSystemPropertyBeatsTheEnvironmentAndCredentialsInTheJudgeUrlAreRefused() {
    Map<String, String> env = Map.of("LLMH_JUDGE_MODEL", "from-env", "LLMH_JUDGE_ENDPOINT", "http://env:1/v1");
    Config config = Config.read(key -> key.equals("llmh.judge.model") ? Optional.of("from-property") : Optional.empty(), env);
    assertThat(config.judge()).isEqualTo(new JudgeConfig(Optional.of("http://env:1/v1"), Optional.of("from-property")));
    assertThat(Config.read(key -> Optional.empty(), Map.of()).judge()).isEqualTo(JudgeConfig.NONE);
    assertThatThrownBy(() -> Config.read(key -> Optional.empty(), Map.of("LLMH_JUDGE_ENDPOINT", "http://u:p@judge/v1")))
        .isInstanceOf(ConfigException.class).hasMessageContaining("llmh.judge.endpoint (LLMH_JUDGE_ENDPOINT) carries user:password@");
  }

  private static CasePlan plan(JudgeDeclaration judge, String endpoint, Api api) {
    ScenarioRunner runner = new ScenarioRunner() {
      @Override public String scenarioClassName() { return "demo.Judged"; }
      @Override public List<PromptDeclaration> prompts() { return List.of(); }
      @Override public List<ParamDeclaration> params() { return List.of(); }
      @Override public String prompt(String promptName, Map<String, String> paramValues) { return "x"; }
      @Override public JudgeDeclaration judge() { return judge; }
    };
    return new CasePlan(runner, null, Map.of(), new CasePlan.Target(endpoint, "candidate", api, false, Map.of(), null, null),
        new CasePlan.Requests(1, 0, 4, 4, null, Duration.ofMinutes(1)), new CasePlan.Sampling(0.0, 42, 8, null),
        new CasePlan.Verdicts(List.of(), 0.95, "skip"), dev.llmh.config.Defaults.RECORD_TEXT_CHARS);
  }
}
